package io.driftless.diff.resources;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One object of a body with the label messages use for it: {@code document 3}, or {@code document 3
 * item 2} for an item of a List document.
 */
record SourceDocument(String label, ObjectNode object) {

  boolean isKappConfig() {
    return "kapp.k14s.io/v1alpha1".equals(object.path("apiVersion").asText())
        && "Config".equals(object.path("kind").asText());
  }
}
