package io.driftless.standalone.kappexamples;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One distinct resource of an example manifest, as the test reads it.
 *
 * @param namespace as written in the manifest; null when the document has none
 * @param exists whether it carries kapp's {@code kapp.k14s.io/exists} annotation: kapp waits for it
 *     to exist and never writes, labels or deletes it
 */
record ExpectedResource(
    String apiVersion,
    String kind,
    String namespace,
    String name,
    boolean exists,
    JsonNode object) {

  static final String EXISTS_ANNOTATION = "kapp.k14s.io/exists";

  /** The API group; empty for the core group. */
  String group() {
    var slash = apiVersion.indexOf('/');
    return slash < 0 ? "" : apiVersion.substring(0, slash);
  }

  String version() {
    return apiVersion.substring(apiVersion.indexOf('/') + 1);
  }

  /** group/kind, the key of a custom kind's definition. */
  String groupKind() {
    return group() + "/" + kind;
  }

  /** The identity kapp gives it: group, kind, namespace and name. */
  String key() {
    return groupKind() + "/" + (namespace == null ? "" : namespace) + "/" + name;
  }

  @Override
  public String toString() {
    return kind + " " + (namespace == null ? "" : namespace + "/") + name;
  }
}
