package io.driftless.standalone.process;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One object as the sandbox cluster keeps it: its REST path (where kubectl would GET, PATCH, PUT or
 * DELETE it) and its JSON.
 */
record SandboxObject(String path, JsonNode object) {

  /** The label every object Driftless applies carries (docs/API.md). */
  static final String APP_LABEL = "driftless.io/app";

  String kind() {
    return object.path("kind").asText();
  }

  String name() {
    return object.path("metadata").path("name").asText();
  }

  /** Empty for a cluster-scoped object. */
  String namespace() {
    return object.path("metadata").path("namespace").asText("");
  }

  /** The API group, empty for the core group. */
  String group() {
    var apiVersion = object.path("apiVersion").asText();
    return apiVersion.contains("/") ? apiVersion.substring(0, apiVersion.indexOf('/')) : "";
  }

  /** The value of {@code driftless.io/app}, null when the object has none. */
  String appLabel() {
    return object.path("metadata").path("labels").path(APP_LABEL).asText(null);
  }

  /** {@code Kind/namespace/name}, for logs. */
  String key() {
    return kind() + "/" + (namespace().isEmpty() ? "" : namespace() + "/") + name();
  }
}
