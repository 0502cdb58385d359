package io.driftless.command.deploy;

import java.nio.charset.StandardCharsets;
import java.util.Random;

/**
 * The bodies of the bad-input corpus too large to keep as files, built from the one-line recipe in
 * their {@code .gen} file ({@code <recipe> <size> [seed]}). Every recipe but {@code random-bytes}
 * builds a body that would otherwise deploy: the ConfigMap {@code corpus-a} with changed data.
 */
final class CorpusBodies {

  private static final String CONFIG_MAP =
      "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: corpus-a\ndata:\n  level: changed\n";
  private static final String JSON_HEAD =
      "{\"resources\": [{\"apiVersion\": \"v1\", \"kind\": \"ConfigMap\","
          + " \"metadata\": {\"name\": \"corpus-a\"}, ";

  private CorpusBodies() {}

  static byte[] generate(String recipe) {
    var words = recipe.trim().split("\\s+");
    int size = Integer.parseInt(words[1]);
    return switch (words[0]) {
      case "nest-flow-maps" ->
          text(CONFIG_MAP + "spec: " + "{a: ".repeat(size) + "1" + "}".repeat(size) + "\n");
      case "nest-flow-lists" ->
          text(CONFIG_MAP + "spec: " + "[".repeat(size) + "]".repeat(size) + "\n");
      case "nest-block-maps" -> text(CONFIG_MAP + blockNesting(size));
      case "nest-json" ->
          text(JSON_HEAD + "\"spec\": " + "{\"a\": ".repeat(size) + "1" + "}".repeat(size) + "}]}");
      case "bytes" -> filler(size);
      case "config-maps" -> text(configMaps(size));
      case "long-value" -> text(CONFIG_MAP + "  blob: " + "v".repeat(size) + "\n");
      case "long-block" ->
          text(CONFIG_MAP + "  blob: |\n" + ("    " + "v".repeat(76) + "\n").repeat(size / 81));
      case "long-json-value" ->
          text(JSON_HEAD + "\"data\": {\"blob\": \"" + "v".repeat(size) + "\"}}]}");
      case "long-key" -> text(CONFIG_MAP + "  " + "k".repeat(size) + ": v\n");
      case "many-keys" -> text(CONFIG_MAP + manyKeys(size));
      case "random-bytes" -> random(size, Long.parseLong(words[2]));
      default -> throw new IllegalArgumentException("unknown recipe: " + recipe);
    };
  }

  private static byte[] text(String body) {
    return body.getBytes(StandardCharsets.UTF_8);
  }

  private static String blockNesting(int depth) {
    var yaml = new StringBuilder("spec:\n");
    for (int level = 1; level <= depth; level++) {
      yaml.append("  ".repeat(level)).append("a:\n");
    }
    return yaml.append("  ".repeat(depth + 1)).append("b: 1\n").toString();
  }

  private static String configMaps(int count) {
    var yaml = new StringBuilder();
    for (int i = 0; i < count; i++) {
      yaml.append("---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: corpus-gen-")
          .append(i)
          .append('\n');
    }
    return yaml.toString();
  }

  private static String manyKeys(int count) {
    var yaml = new StringBuilder();
    for (int i = 0; i < count; i++) {
      yaml.append("  key-").append(i).append(": value\n");
    }
    return yaml.toString();
  }

  /** YAML comment lines: a body that parses, if anyone reads it all. */
  private static byte[] filler(int size) {
    var line = "# " + "x".repeat(77) + "\n";
    var body = new StringBuilder(CONFIG_MAP);
    while (body.length() + line.length() <= size) {
      body.append(line);
    }
    return text(body.toString());
  }

  private static byte[] random(int size, long seed) {
    var bytes = new byte[size];
    new Random(seed).nextBytes(bytes);
    return bytes;
  }
}
