package io.driftless.events;

/**
 * Builds the aggregate ids: App {@code namespace/app} ({@link AppId}); ResourceChange {@code
 * namespace/app/group/kind/resourceNamespace/name}, with {@code core} for the empty API group and
 * {@code _} for cluster-scoped objects, so that every id has exactly six non-empty segments.
 */
public final class ResourceIds {

  private ResourceIds() {}

  /** The App aggregate id: {@link AppId#of}'s text. */
  public static String appId(String namespace, String app) {
    return AppId.of(namespace, app).toString();
  }

  /** The namespace part of an App aggregate id ({@link AppId#parse}). */
  public static String appNamespace(String appId) {
    return AppId.parse(appId).namespace();
  }

  /** The app name part of an App aggregate id ({@link AppId#parse}). */
  public static String appName(String appId) {
    return AppId.parse(appId).name();
  }

  /** The ResourceChange aggregate id of an object of an app. */
  public static String resourceId(String appId, ResourceRef ref) {
    var slash = ref.apiVersion().indexOf('/');
    var group = slash < 0 ? "" : ref.apiVersion().substring(0, slash);
    return resourceId(appId, group, ref.kind(), ref.namespace(), ref.name());
  }

  /**
   * The ResourceChange aggregate id of an object of an app: the app id, then {@link #keyId}.
   *
   * @param group the API group, {@code ""} for the core group
   * @param namespace the object's namespace, {@code ""} or null for a cluster-scoped object
   */
  public static String resourceId(
      String appId, String group, String kind, String namespace, String name) {
    return appId + "/" + keyId(group, kind, namespace, name);
  }

  /**
   * An object's id within its app, {@code group/kind/namespace/name} with {@code core} and {@code
   * _}: the keys of an app's resource set ({@code AppChangeStarted.resources}). The diff engine's
   * {@code ResourceKey.id()} has the same form (it cannot see this class; a command-side test
   * checks that the two agree).
   */
  public static String keyId(String group, String kind, String namespace, String name) {
    return (group == null || group.isEmpty() ? "core" : group)
        + "/"
        + kind
        + "/"
        + (namespace == null || namespace.isEmpty() ? "_" : namespace)
        + "/"
        + name;
  }
}
