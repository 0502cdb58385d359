package io.driftless.sandbox.discovery;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/**
 * An OpenAPI v2 document in gnostic's protobuf form ({@code openapi_v2.Document} of
 * github.com/google/gnostic-models, {@code openapiv2/OpenAPIv2.proto}), which client-go asks for
 * ({@code Accept: application/com.github.proto-openapi.spec.v2@v1.0+protobuf}) and {@code kubectl}
 * validates manifests with. Written: {@code swagger}, {@code info}, and {@code definitions} with
 * the schema fields kube-openapi reads; values of {@code default}, {@code enum}, {@code example}
 * and vendor extensions go as their JSON text in {@code Any.yaml} (JSON is YAML). Paths are left
 * out.
 */
final class OpenApiV2Proto {

  private OpenApiV2Proto() {}

  /** The protobuf form of {@code swagger}, a v2 document in JSON. */
  static byte[] of(JsonNode swagger) {
    var info =
        new ProtoWriter()
            .string(1, swagger.path("info").path("title").asText())
            .string(2, swagger.path("info").path("version").asText());
    var definitions = new ProtoWriter();
    swagger
        .path("definitions")
        .fields()
        .forEachRemaining(entry -> definitions.message(1, named(entry)));
    return new ProtoWriter()
        .string(1, swagger.path("swagger").asText("2.0"))
        .message(2, info)
        .message(9, definitions)
        .toByteArray();
  }

  private static ProtoWriter named(Map.Entry<String, JsonNode> entry) {
    return new ProtoWriter().string(1, entry.getKey()).message(2, schema(entry.getValue()));
  }

  static ProtoWriter schema(JsonNode schema) {
    var out = new ProtoWriter();
    text(out, 1, schema, "$ref");
    text(out, 2, schema, "format");
    text(out, 3, schema, "title");
    text(out, 4, schema, "description");
    any(out, 5, schema.get("default"));
    numbers(out, schema);
    text(out, 13, schema, "pattern");
    schema.path("required").forEach(name -> out.string(19, name.asText()));
    schema.path("enum").forEach(value -> any(out, 20, value));
    additionalProperties(out, schema.get("additionalProperties"));
    type(out, schema.get("type"));
    items(out, schema.get("items"));
    schema.path("allOf").forEach(part -> out.message(24, schema(part)));
    properties(out, schema.get("properties"));
    if (schema.path("readOnly").asBoolean(false)) {
      out.bool(27, true);
    }
    any(out, 30, schema.get("example"));
    schema
        .fields()
        .forEachRemaining(
            entry -> {
              if (entry.getKey().startsWith("x-")) {
                out.message(31, namedAny(entry.getKey(), entry.getValue()));
              }
            });
    return out;
  }

  private static void numbers(ProtoWriter out, JsonNode schema) {
    decimal(out, 6, schema.get("multipleOf"));
    decimal(out, 7, schema.get("maximum"));
    flag(out, 8, schema.get("exclusiveMaximum"));
    decimal(out, 9, schema.get("minimum"));
    flag(out, 10, schema.get("exclusiveMinimum"));
    integer(out, 11, schema.get("maxLength"));
    integer(out, 12, schema.get("minLength"));
    integer(out, 14, schema.get("maxItems"));
    integer(out, 15, schema.get("minItems"));
    flag(out, 16, schema.get("uniqueItems"));
    integer(out, 17, schema.get("maxProperties"));
    integer(out, 18, schema.get("minProperties"));
  }

  private static void additionalProperties(ProtoWriter out, JsonNode value) {
    if (value == null) {
      return;
    }
    var item =
        value.isBoolean()
            ? new ProtoWriter().bool(2, value.asBoolean())
            : new ProtoWriter().message(1, schema(value));
    out.message(21, item);
  }

  private static void type(ProtoWriter out, JsonNode type) {
    if (type == null) {
      return;
    }
    var item = new ProtoWriter();
    if (type.isArray()) {
      type.forEach(value -> item.string(1, value.asText()));
    } else {
      item.string(1, type.asText());
    }
    out.message(22, item);
  }

  private static void items(ProtoWriter out, JsonNode items) {
    if (items == null) {
      return;
    }
    var item = new ProtoWriter();
    if (items.isArray()) {
      items.forEach(value -> item.message(1, schema(value)));
    } else {
      item.message(1, schema(items));
    }
    out.message(23, item);
  }

  private static void properties(ProtoWriter out, JsonNode properties) {
    if (properties == null) {
      return;
    }
    var item = new ProtoWriter();
    properties.fields().forEachRemaining(entry -> item.message(1, named(entry)));
    out.message(25, item);
  }

  private static ProtoWriter namedAny(String name, JsonNode value) {
    return new ProtoWriter().string(1, name).message(2, new ProtoWriter().string(2, yaml(value)));
  }

  private static void any(ProtoWriter out, int field, JsonNode value) {
    if (value != null) {
      out.message(field, new ProtoWriter().string(2, yaml(value)));
    }
  }

  private static String yaml(JsonNode value) {
    return value.toString() + "\n";
  }

  private static void text(ProtoWriter out, int field, JsonNode schema, String name) {
    if (schema.hasNonNull(name)) {
      out.string(field, schema.get(name).asText());
    }
  }

  private static void decimal(ProtoWriter out, int field, JsonNode value) {
    if (value != null && value.isNumber()) {
      out.fixed64(field, value.asDouble());
    }
  }

  private static void integer(ProtoWriter out, int field, JsonNode value) {
    if (value != null && value.isNumber()) {
      out.varint(field, value.asLong());
    }
  }

  private static void flag(ProtoWriter out, int field, JsonNode value) {
    if (value != null && value.asBoolean(false)) {
      out.bool(field, true);
    }
  }
}
