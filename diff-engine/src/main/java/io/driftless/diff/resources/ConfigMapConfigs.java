package io.driftless.diff.resources;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;

/**
 * kapp configuration kept in a ConfigMap ({@code config/conf.go}): a manifest object labelled
 * {@code kapp.k14s.io/config} must be a {@code v1} ConfigMap whose {@code data["config.yml"]} is
 * one kapp {@code Config} document ({@code apiVersion: kapp.k14s.io/v1alpha1}, {@code kind:
 * Config}). As in kapp the ConfigMap stays a resource of the app too (so kubectl and kapp see the
 * same configuration); its Config joins the inline Config documents in manifest order, and {@code
 * KappConfig} appends their rules. A Config without {@code metadata.name} takes the ConfigMap's
 * name, which names its rules in {@code decidedBy}.
 */
final class ConfigMapConfigs {

  static final String DATA_KEY = "config.yml";

  private static final String CONFIG_API_VERSION = "kapp.k14s.io/v1alpha1";

  private ConfigMapConfigs() {}

  /** Whether the document is labelled as kapp configuration (any value, as kapp checks). */
  static boolean labelled(SourceDocument document) {
    return document.object().path("metadata").path("labels").has(KappAnnotations.CONFIG_LABEL);
  }

  /** The Config document, or empty after adding the problem to {@code problems}. */
  static Optional<ObjectNode> read(SourceDocument document, List<String> problems) {
    ObjectNode object = document.object();
    String where =
        document.label()
            + ": "
            + object.path("kind").asText("?")
            + " "
            + object.path("metadata").path("name").asText("?")
            + " labelled "
            + KappAnnotations.CONFIG_LABEL
            + ": ";
    if (!"v1".equals(object.path("apiVersion").asText())
        || !"ConfigMap".equals(object.path("kind").asText())) {
      problems.add(where + "expected kapp config to be within v1/ConfigMap");
      return Optional.empty();
    }
    JsonNode text = object.path("data").path(DATA_KEY);
    if (!text.isTextual()) {
      problems.add(where + "expected to find field 'data.\"" + DATA_KEY + "\"', but did not");
      return Optional.empty();
    }
    try {
      return Optional.of(config(YamlTrees.readObject(text.textValue()), object, where, problems))
          .filter(config -> !config.isEmpty());
    } catch (ManifestException e) {
      problems.add(where + "parsing kapp config: " + String.join("; ", e.details()));
      return Optional.empty();
    }
  }

  private static ObjectNode config(
      ObjectNode config, ObjectNode configMap, String where, List<String> problems) {
    String apiVersion = config.path("apiVersion").asText("");
    String kind = config.path("kind").asText("");
    if (!CONFIG_API_VERSION.equals(apiVersion) || !"Config".equals(kind)) {
      problems.add(
          where
              + "expected kapp config to have apiVersion '"
              + CONFIG_API_VERSION
              + "' and kind 'Config', but was '"
              + apiVersion
              + "' and '"
              + kind
              + "'");
      return config.objectNode();
    }
    if (!config.path("metadata").path("name").isTextual()) {
      config.with("metadata").put("name", configMap.path("metadata").path("name").asText());
    }
    return config;
  }
}
