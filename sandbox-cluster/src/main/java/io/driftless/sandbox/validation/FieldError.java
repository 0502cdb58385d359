package io.driftless.sandbox.validation;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One error of an invalid object, as k8s.io/apimachinery's field.Error: a field path, a type
 * ({@code FieldValueForbidden} ...) and what the API server says about it.
 *
 * @param field the path, e.g. {@code spec.strategy.rollingUpdate}
 * @param reason the cause's reason, e.g. {@code FieldValueInvalid}
 * @param body the error body, e.g. {@code Forbidden: may not be specified ...}
 */
public record FieldError(String field, String reason, String body) {

  static FieldError forbidden(String field, String detail) {
    return new FieldError(field, "FieldValueForbidden", "Forbidden: " + detail);
  }

  static FieldError required(String field, String detail) {
    return new FieldError(
        field, "FieldValueRequired", "Required value" + (detail.isEmpty() ? "" : ": " + detail));
  }

  static FieldError invalid(String field, JsonNode value, String detail) {
    return new FieldError(
        field, "FieldValueInvalid", "Invalid value: " + shown(value) + ": " + detail);
  }

  static FieldError notSupported(String field, JsonNode value, String supported) {
    return new FieldError(
        field,
        "FieldValueNotSupported",
        "Unsupported value: " + shown(value) + ": supported values: " + supported);
  }

  static FieldError immutable(String field, JsonNode value) {
    return invalid(field, value, "field is immutable");
  }

  /** {@code field: body}, as field.Error.Error() prints it. */
  String message() {
    return field + ": " + body;
  }

  private static String shown(JsonNode value) {
    return value == null || value.isMissingNode() ? "null" : value.toString();
  }
}
