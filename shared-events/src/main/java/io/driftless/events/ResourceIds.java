package io.driftless.events;

/**
 * Builds the aggregate ids: App {@code namespace/app}; ResourceChange {@code
 * namespace/app/group/kind/resourceNamespace/name}, with {@code core} for the empty API group and
 * {@code _} for cluster-scoped objects, so that every id has exactly six non-empty segments.
 */
public final class ResourceIds {

  private ResourceIds() {}

  /** The App aggregate id. */
  public static String appId(String namespace, String app) {
    return namespace + "/" + app;
  }

  /** The namespace part of an App aggregate id ({@link #appId}). */
  public static String appNamespace(String appId) {
    return appId.substring(0, slash(appId));
  }

  /** The app name part of an App aggregate id ({@link #appId}). */
  public static String appName(String appId) {
    return appId.substring(slash(appId) + 1);
  }

  private static int slash(String appId) {
    var slash = appId.indexOf('/');
    if (slash <= 0 || slash == appId.length() - 1 || appId.indexOf('/', slash + 1) >= 0) {
      throw new IllegalArgumentException("not an app id (namespace/app): " + appId);
    }
    return slash;
  }

  /** The ResourceChange aggregate id of an object of an app. */
  public static String resourceId(String appId, ResourceRef ref) {
    var slash = ref.apiVersion().indexOf('/');
    var group = slash < 0 ? "core" : ref.apiVersion().substring(0, slash);
    var namespace = ref.namespace() == null || ref.namespace().isEmpty() ? "_" : ref.namespace();
    return appId + "/" + group + "/" + ref.kind() + "/" + namespace + "/" + ref.name();
  }
}
