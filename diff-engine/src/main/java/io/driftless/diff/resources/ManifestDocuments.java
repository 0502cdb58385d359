package io.driftless.diff.resources;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.resources.ManifestException.Reason;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Splits a body into labelled objects: YAML documents or the items of a JSON {@code resources}
 * array, numbered from 1 in body order; {@code null} and empty documents are skipped but keep their
 * number; a List document ({@code kind: List}, or a kind ending in {@code List} with an {@code
 * items} array) contributes its items instead of itself. Both readers refuse maps and lists nested
 * deeper than {@link ManifestLimits#maxNestingDepth()}. Immutable and thread-safe.
 */
final class ManifestDocuments {

  private final int maxNestingDepth;
  private final JsonMapper json;

  ManifestDocuments(ManifestLimits limits) {
    this.maxNestingDepth = limits.maxNestingDepth();
    var constraints =
        StreamReadConstraints.builder()
            .maxNestingDepth(maxNestingDepth)
            .maxStringLength(Integer.MAX_VALUE)
            .build();
    this.json =
        JsonMapper.builder(JsonFactory.builder().streamReadConstraints(constraints).build())
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();
  }

  List<SourceDocument> read(String body, ManifestFormat format) {
    List<JsonNode> documents =
        format == ManifestFormat.YAML ? YamlTrees.readAll(body, maxNestingDepth) : json(body);
    var objects = new ArrayList<SourceDocument>();
    for (int i = 0; i < documents.size(); i++) {
      add(objects, "document " + (i + 1), documents.get(i));
    }
    return objects;
  }

  private static void add(List<SourceDocument> objects, String label, JsonNode node) {
    if (node == null || node.isNull()) {
      return;
    }
    if (!node.isObject()) {
      throw unparsable(
          "Every document must be a map.", label + ": is " + article(node) + ", not a map");
    }
    if (!isList(node)) {
      objects.add(new SourceDocument(label, (ObjectNode) node));
      return;
    }
    JsonNode items = node.get("items");
    for (int i = 0; i < items.size(); i++) {
      add(objects, label + " item " + (i + 1), items.get(i));
    }
  }

  private static String article(JsonNode node) {
    String type = node.getNodeType().name().toLowerCase(Locale.ROOT);
    return (type.startsWith("a") ? "an " : "a ") + type;
  }

  private static boolean isList(JsonNode node) {
    String kind = node.path("kind").asText("");
    return kind.endsWith("List") && node.path("items").isArray();
  }

  private List<JsonNode> json(String body) {
    JsonNode root;
    try {
      root = json.readTree(body);
    } catch (JacksonException e) {
      if (JsonProblems.tooDeep(e)) {
        throw ManifestException.nestedTooDeep(
            maxNestingDepth,
            "nested more than " + maxNestingDepth + " levels deep" + JsonProblems.place(e));
      }
      throw unparsable("The manifest is not valid JSON.", JsonProblems.describe(e));
    }
    JsonNode resources = root == null ? null : root.get("resources");
    if (resources == null || !resources.isArray()) {
      throw unparsable(
          "A JSON manifest must be an object with a \"resources\" array.",
          "the body has no \"resources\" array");
    }
    var documents = new ArrayList<JsonNode>();
    resources.forEach(documents::add);
    return documents;
  }

  private static ManifestException unparsable(String message, String detail) {
    return new ManifestException(Reason.UNPARSABLE, message, List.of(detail));
  }
}
