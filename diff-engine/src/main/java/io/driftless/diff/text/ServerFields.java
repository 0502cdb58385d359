package io.driftless.diff.text;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * Removes what the API server writes into every object, so a live object can be compared with what
 * was sent: {@code metadata.uid}, {@code resourceVersion}, {@code generation}, {@code
 * creationTimestamp}, {@code managedFields}, {@code selfLink}, {@code deletionTimestamp}, {@code
 * deletionGracePeriodSeconds}, the annotation {@code
 * kubectl.kubernetes.io/last-applied-configuration} (left by kubectl; an empty {@code annotations}
 * map is removed with it), and the top-level {@code status}.
 *
 * <p>Limit: fields that controllers and defaulting write into {@code spec} (a Service's clusterIP,
 * a Deployment's strategy) stay; ignoring them is the job of the three-way compare and rebase
 * rules, not of this class.
 */
public final class ServerFields {

  /** The annotation kubectl writes on {@code kubectl apply}. */
  public static final String KUBECTL_LAST_APPLIED =
      "kubectl.kubernetes.io/last-applied-configuration";

  private static final List<String> METADATA =
      List.of(
          "uid",
          "resourceVersion",
          "generation",
          "creationTimestamp",
          "managedFields",
          "selfLink",
          "deletionTimestamp",
          "deletionGracePeriodSeconds");

  private ServerFields() {}

  /** A copy of the object without the server-written fields; the argument is not changed. */
  public static ObjectNode strip(ObjectNode object) {
    ObjectNode copy = object.deepCopy();
    copy.remove("status");
    JsonNode metadata = copy.get("metadata");
    if (metadata instanceof ObjectNode fields) {
      fields.remove(METADATA);
      stripAnnotation(fields);
    }
    return copy;
  }

  private static void stripAnnotation(ObjectNode metadata) {
    if (metadata.get("annotations") instanceof ObjectNode annotations) {
      annotations.remove(KUBECTL_LAST_APPLIED);
      if (annotations.isEmpty()) {
        metadata.remove("annotations");
      }
    }
  }
}
