package io.driftless.sandbox.validation;

import static io.driftless.sandbox.validation.FieldError.forbidden;
import static io.driftless.sandbox.validation.FieldError.immutable;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.objects.Nodes;
import java.util.List;

/**
 * Update checks of pkg/apis/core/validation: a Service's clusterIP, and immutable ConfigMaps and
 * Secrets (ValidateConfigMapUpdate, ValidateSecretUpdate).
 */
final class CoreRules {

  private static final String IMMUTABLE = "field is immutable when `immutable` is set";

  private CoreRules() {}

  /** ValidateServiceUpdate: a clusterIP, once set, does not change. */
  static void serviceUpdate(ObjectNode service, ObjectNode old, List<FieldError> errors) {
    var before = old.path("spec").path("clusterIP");
    var now = service.path("spec").path("clusterIP");
    if (!before.asText("").isEmpty() && !Nodes.same(now, before)) {
      errors.add(immutable("spec.clusterIP", now));
    }
  }

  /** ValidateConfigMapUpdate and ValidateSecretUpdate (plus a Secret's type, always fixed). */
  static void dataUpdate(ObjectNode next, ObjectNode old, List<FieldError> errors) {
    if (old.path("kind").asText().equals("Secret")
        && !Nodes.same(next.path("type"), old.path("type"))) {
      errors.add(immutable("type", next.path("type")));
    }
    if (!old.path("immutable").asBoolean(false)) {
      return;
    }
    if (!next.path("immutable").asBoolean(false)) {
      errors.add(forbidden("immutable", IMMUTABLE));
    }
    for (var field : List.of("data", "binaryData")) {
      if (!Nodes.same(next.path(field), old.path(field))) {
        errors.add(forbidden(field, IMMUTABLE));
      }
    }
  }
}
