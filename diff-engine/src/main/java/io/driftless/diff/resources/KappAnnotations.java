package io.driftless.diff.resources;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * kapp's resource annotations, with the values kapp accepts (kapp's {@code pkg/kapp/clusterapply},
 * {@code resources/labeled_resources.go}, {@code app/preparation.go}, {@code diffgraph}). The one
 * home of these names: the planner, the applier and the validation read them from here.
 */
public final class KappAnnotations {

  /** Never created, updated or deleted; the change waits until the object exists. */
  public static final String EXISTS = "kapp.k14s.io/exists";

  /** Never created, updated or deleted; shown with op noop. */
  public static final String NOOP = "kapp.k14s.io/noop";

  /** {@code ""} or {@link #FALLBACK_ON_UPDATE}. */
  public static final String CREATE_STRATEGY = "kapp.k14s.io/create-strategy";

  /** {@code ""}, {@link #FALLBACK_ON_REPLACE}, {@link #ALWAYS_REPLACE} or {@link #SKIP}. */
  public static final String UPDATE_STRATEGY = "kapp.k14s.io/update-strategy";

  /** {@code ""} or {@link #ORPHAN}. */
  public static final String DELETE_STRATEGY = "kapp.k14s.io/delete-strategy";

  /** Replaced by a fresh value on every deploy, so the resource is updated every time. */
  public static final String NONCE = "kapp.k14s.io/nonce";

  /** The change is not waited for. */
  public static final String DISABLE_WAIT = "kapp.k14s.io/disable-wait";

  /** Associated resources (pods of a Deployment) are not waited for. */
  public static final String DISABLE_ASSOCIATED_RESOURCES_WAIT =
      "kapp.k14s.io/disable-associated-resources-wait";

  public static final String CHANGE_GROUP = "kapp.k14s.io/change-group";
  public static final String CHANGE_RULE = "kapp.k14s.io/change-rule";
  public static final String VERSIONED = "kapp.k14s.io/versioned";
  public static final String VERSIONED_KEEP_ORIGINAL = "kapp.k14s.io/versioned-keep-original";
  public static final String VERSIONED_EXPLICIT_REF = "kapp.k14s.io/versioned-explicit-ref";
  public static final String NUM_VERSIONS = "kapp.k14s.io/num-versions";

  /** The label that makes a ConfigMap of the manifest a kapp configuration. */
  public static final String CONFIG_LABEL = "kapp.k14s.io/config";

  /** Create strategy: a create that finds the object already there updates it. */
  public static final String FALLBACK_ON_UPDATE = "fallback-on-update";

  /** Create strategy: as {@link #FALLBACK_ON_UPDATE}, or nothing when the update is refused. */
  public static final String FALLBACK_ON_UPDATE_OR_NOOP = "fallback-on-update-or-noop";

  /** Update strategy: an update the server refuses is done as delete and create. */
  public static final String FALLBACK_ON_REPLACE = "fallback-on-replace";

  /** Update strategy: every update is a delete and create. */
  public static final String ALWAYS_REPLACE = "always-replace";

  /** Update strategy: an existing object is never updated. */
  public static final String SKIP = "skip";

  /** Delete strategy: the object is left in the cluster, without the app's labels. */
  public static final String ORPHAN = "orphan";

  /**
   * Every {@code kapp.k14s.io/} annotation kapp reads on a resource; any other one is a warning.
   * The {@code .suffix} forms of change-group, change-rule and versioned-explicit-ref are matched
   * by prefix ({@link #known}).
   */
  private static final Set<String> KNOWN =
      Set.of(
          EXISTS,
          NOOP,
          CREATE_STRATEGY,
          UPDATE_STRATEGY,
          DELETE_STRATEGY,
          NONCE,
          DISABLE_WAIT,
          DISABLE_ASSOCIATED_RESOURCES_WAIT,
          CHANGE_GROUP,
          CHANGE_RULE,
          VERSIONED,
          VERSIONED_KEEP_ORIGINAL,
          VERSIONED_EXPLICIT_REF,
          NUM_VERSIONS,
          "kapp.k14s.io/identity",
          "kapp.k14s.io/original",
          "kapp.k14s.io/original-diff-md5",
          "kapp.k14s.io/disable-original",
          "kapp.k14s.io/deploy-logs",
          "kapp.k14s.io/deploy-logs-container-names",
          "kapp.k14s.io/owned-for-deletion",
          "kapp.k14s.io/renew-duration",
          "kapp.k14s.io/last-renewed-time",
          "kapp.k14s.io/apps-v1-deployment-wait-minimum-replicas-available");

  /** The values each strategy annotation accepts, plain ({@code ""}) first, as kapp lists them. */
  private static final List<Map.Entry<String, List<String>>> STRATEGIES =
      List.of(
          Map.entry(CREATE_STRATEGY, List.of("", FALLBACK_ON_UPDATE, FALLBACK_ON_UPDATE_OR_NOOP)),
          Map.entry(UPDATE_STRATEGY, List.of("", FALLBACK_ON_REPLACE, ALWAYS_REPLACE, SKIP)),
          Map.entry(DELETE_STRATEGY, List.of("", ORPHAN)));

  private KappAnnotations() {}

  /**
   * What kapp would refuse in a desired resource's annotations: a strategy it does not know (kapp
   * fails that change when applying it; refused here before anything is written) and a nonce with a
   * value (kapp's {@code app/preparation.go}: the value must be {@code ""}).
   */
  static List<String> problems(Resource resource) {
    var problems = new ArrayList<String>();
    String description = resource.key().kappDescription(resource.apiVersion());
    for (var strategy : STRATEGIES) {
      String value = value(resource.object(), strategy.getKey());
      if (has(resource.object(), strategy.getKey()) && !strategy.getValue().contains(value)) {
        problems.add(
            "Expected annotation '"
                + strategy.getKey()
                + "' on resource '"
                + description
                + "' to be one of "
                + quoted(strategy.getValue())
                + ", got '"
                + value
                + "'");
      }
    }
    if (!value(resource.object(), NONCE).isEmpty()) {
      problems.add(
          "Expected annotation '" + NONCE + "' on resource '" + description + "' to have value ''");
    }
    return problems;
  }

  private static String quoted(List<String> values) {
    return String.join(", ", values.stream().map(v -> "'" + v + "'").toList());
  }

  /** Whether {@code key} is an annotation kapp reads (false for any other kapp.k14s.io/ key). */
  public static boolean known(String key) {
    return KNOWN.contains(key)
        || key.startsWith(CHANGE_GROUP + ".")
        || key.startsWith(CHANGE_RULE + ".")
        || key.startsWith(VERSIONED_EXPLICIT_REF + ".");
  }

  /** Whether the object carries the annotation (any value). */
  public static boolean has(JsonNode object, String annotation) {
    return object != null
        && object.path("metadata").path("annotations").has(annotation)
        && !object.path("metadata").path("annotations").path(annotation).isNull();
  }

  /** The annotation's value, {@code ""} when absent. */
  public static String value(JsonNode object, String annotation) {
    return object == null
        ? ""
        : object.path("metadata").path("annotations").path(annotation).asText("");
  }
}
