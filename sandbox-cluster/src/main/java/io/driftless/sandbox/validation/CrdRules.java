package io.driftless.sandbox.validation;

import static io.driftless.sandbox.validation.FieldError.notSupported;
import static io.driftless.sandbox.validation.FieldError.required;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * The part of apiextensions-apiserver's ValidateCustomResourceDefinitionSpec a CRD cannot be served
 * without: a group, names with a kind and a plural, a scope, and at least one named version ({@code
 * spec.versions}, or a {@code v1beta1} CRD's {@code spec.version}). A CRD short of one of them is
 * refused as on an API server; without this check fabric8's mock failed on it with a 500 ("Neither
 * kind nor plural was set").
 *
 * <p>Limits: names are not checked for DNS syntax, nor the plural against the CRD's name, nor that
 * exactly one version is the storage version; schemas are not checked.
 */
final class CrdRules {

  private static final String V1BETA1 = "apiextensions.k8s.io/v1beta1";

  private CrdRules() {}

  /** The fields a CRD must have, after defaulting. */
  static void crd(ObjectNode crd, List<FieldError> errors) {
    var spec = crd.path("spec");
    text(spec, "group", "spec.group", errors);
    var names = spec.path("names");
    text(names, "plural", "spec.names.plural", errors);
    text(names, "kind", "spec.names.kind", errors);
    var scope = spec.path("scope");
    if (!scope.isTextual() || scope.asText().isEmpty()) {
      errors.add(required("spec.scope", ""));
    } else if (!scope.asText().equals("Namespaced") && !scope.asText().equals("Cluster")) {
      errors.add(notSupported("spec.scope", scope, "\"Cluster\", \"Namespaced\""));
    }
    versions(crd, spec, errors);
  }

  private static void versions(ObjectNode crd, JsonNode spec, List<FieldError> errors) {
    var versions = spec.path("versions");
    if (crd.path("apiVersion").asText().equals(V1BETA1)
        && versions.isMissingNode()
        && isText(spec.path("version"))) {
      return; // a v1beta1 CRD may name its one version in spec.version
    }
    if (!versions.isArray() || versions.isEmpty()) {
      errors.add(required("spec.versions", "must have exactly one version marked as storage"));
      return;
    }
    for (int i = 0; i < versions.size(); i++) {
      if (!isText(versions.get(i).path("name"))) {
        errors.add(required("spec.versions[" + i + "].name", ""));
      }
    }
  }

  private static void text(JsonNode parent, String field, String path, List<FieldError> errors) {
    if (!isText(parent.path(field))) {
      errors.add(required(path, ""));
    }
  }

  private static boolean isText(JsonNode value) {
    return value.isTextual() && !value.asText().isBlank();
  }
}
