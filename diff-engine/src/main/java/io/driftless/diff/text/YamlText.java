package io.driftless.diff.text;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * Renders a JSON tree as block YAML for line diffs: map keys sorted (as kubectl and kapp print
 * them, so two renderings line up), two-space indent, list dashes at the parent's indent, long
 * strings never folded.
 */
public final class YamlText {

  private static final ThreadLocal<Yaml> YAML = ThreadLocal.withInitial(YamlText::newYaml);

  private YamlText() {}

  /** The YAML text of a tree; an absent tree is the empty text. */
  public static String render(JsonNode node) {
    if (node == null || node.isNull() || node.isMissingNode()) {
      return "";
    }
    return YAML.get().dump(plain(node));
  }

  /** The lines of {@link #render}. */
  public static List<String> lines(JsonNode node) {
    String text = render(node);
    return text.isEmpty() ? List.of() : List.of(text.split("\n", -1)).subList(0, count(text));
  }

  private static int count(String text) {
    int lines = (int) text.chars().filter(c -> c == '\n').count();
    return text.endsWith("\n") ? lines : lines + 1;
  }

  private static Object plain(JsonNode node) {
    if (node.isObject()) {
      Map<String, Object> map = new TreeMap<>();
      node.properties().forEach(e -> map.put(e.getKey(), plain(e.getValue())));
      return map;
    }
    if (node.isArray()) {
      var list = new ArrayList<Object>();
      node.forEach(item -> list.add(plain(item)));
      return list;
    }
    if (node.isNull()) {
      return null;
    }
    if (node.isBoolean()) {
      return node.booleanValue();
    }
    if (node.isIntegralNumber()) {
      return node.bigIntegerValue();
    }
    return node.isNumber() ? node.decimalValue() : node.asText();
  }

  private static Yaml newYaml() {
    var options = new DumperOptions();
    options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
    options.setIndent(2);
    options.setWidth(Integer.MAX_VALUE);
    options.setSplitLines(false);
    return new Yaml(options);
  }
}
