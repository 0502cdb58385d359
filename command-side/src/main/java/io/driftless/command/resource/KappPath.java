package io.driftless.command.resource;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A field path of the diff-cases syntax ({@code spec.replicas}, {@code
 * metadata.annotations["a.b/c"]}, {@code spec.template.spec.containers[name=app].image}, {@code
 * rules[0]}) as the path of a kapp rebase rule: map keys as they are, {@code [N]} as {@code {index:
 * N}}. kapp's paths cannot pick a list item by its merge key, so {@code [name=app]} becomes {@code
 * {allIndexes: true}}: the rule then covers that field of every item (a limit, written down in
 * {@code command-side/README.md}, "Ghost diffs"). kapp's paths end in a map key, so a path that
 * ends in a list item (an item added or removed: {@code rules[0]}, {@code ports[name=http]}) stands
 * for its whole list ({@code [rules]}).
 */
public final class KappPath {

  private static final Pattern PLAIN = Pattern.compile("[A-Za-z][A-Za-z0-9_-]*");

  /** One step: a map key, a list index, or every item of a list. */
  record Part(String key, Integer index) {

    boolean allIndexes() {
      return key == null && index == null;
    }
  }

  private final List<Part> parts;

  private KappPath(List<Part> parts) {
    this.parts = List.copyOf(parts);
  }

  /**
   * Parses a diff-cases path.
   *
   * @throws IllegalArgumentException when it is not one
   */
  public static KappPath parse(String path) {
    var parts = new ArrayList<Part>();
    int i = 0;
    while (i < path.length()) {
      char c = path.charAt(i);
      if (c == '.') {
        i++;
      } else if (c == '[') {
        i = bracket(path, i, parts);
      } else {
        int end = i;
        while (end < path.length() && path.charAt(end) != '.' && path.charAt(end) != '[') {
          end++;
        }
        parts.add(new Part(path.substring(i, end), null));
        i = end;
      }
    }
    while (!parts.isEmpty() && parts.get(parts.size() - 1).key() == null) {
      parts.remove(parts.size() - 1);
    }
    if (parts.isEmpty()) {
      throw new IllegalArgumentException("no map key in path \"" + path + "\"");
    }
    return new KappPath(parts);
  }

  private static int bracket(String path, int open, List<Part> parts) {
    if (open + 1 < path.length() && path.charAt(open + 1) == '"') {
      var key = new StringBuilder();
      int i = open + 2;
      while (i < path.length() && path.charAt(i) != '"') {
        if (path.charAt(i) == '\\' && i + 1 < path.length()) {
          i++;
        }
        key.append(path.charAt(i++));
      }
      parts.add(new Part(key.toString(), null));
      return expect(path, i + 1, ']') + 1;
    }
    int close = path.indexOf(']', open);
    if (close < 0) {
      throw new IllegalArgumentException("unclosed [ in " + path);
    }
    var inside = path.substring(open + 1, close);
    parts.add(
        inside.matches("\\d+") ? new Part(null, Integer.parseInt(inside)) : new Part(null, null));
    return close + 1;
  }

  private static int expect(String path, int at, char c) {
    if (at >= path.length() || path.charAt(at) != c) {
      throw new IllegalArgumentException("expected " + c + " at " + at + " in " + path);
    }
    return at;
  }

  /** The parts, for building a rule as a tree. */
  List<Part> parts() {
    return parts;
  }

  /** The path in YAML flow style: {@code [spec, replicas]}, {@code [rules, {index: 0}]}. */
  public String yaml() {
    var items = new ArrayList<String>();
    for (var part : parts) {
      if (part.key() != null) {
        items.add(scalar(part.key()));
      } else if (part.index() != null) {
        items.add("{index: " + part.index() + "}");
      } else {
        items.add("{allIndexes: true}");
      }
    }
    return "[" + String.join(", ", items) + "]";
  }

  /** A YAML scalar: plain when it is a simple word YAML reads as a string, else double-quoted. */
  static String scalar(String text) {
    if (PLAIN.matcher(text).matches() && !isYamlKeyword(text)) {
      return text;
    }
    return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }

  private static boolean isYamlKeyword(String text) {
    return List.of("true", "false", "yes", "no", "on", "off", "null", "y", "n")
        .contains(text.toLowerCase(java.util.Locale.ROOT));
  }
}
