package io.driftless.diff.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Applies rebase rules to a desired object, as kapp's field copy and remove mods do.
 *
 * <p>Rules run in order on one copy; a rule's matcher sees the desired object as sent, and a copy
 * rule's {@code new} source is that object too (not what earlier rules made of it). A path is
 * walked key by key; a missing map on the way is created when no list part follows (kapp does the
 * same), {@code allIndexes} visits every item of the desired list and reads the same index of the
 * source, {@code index} one item. A copy takes the value of the first source that has the path and
 * leaves the field alone when none has; a remove drops it.
 *
 * <p>Limits: list items are matched by position, not by merge key (kapp's behaviour); kapp's ytt
 * rules are not supported, except the built-in service account token rule.
 */
public final class RebaseRules {

  private static final List<String> TOKEN_LISTS = List.of("secrets", "imagePullSecrets");

  private final List<RebaseRule> rules;

  /** Rules to apply in the given order. */
  public RebaseRules(List<RebaseRule> rules) {
    this.rules = List.copyOf(rules);
  }

  /**
   * The desired object rebased onto the existing one.
   *
   * @param subject the desired object (not changed) and whether it is a custom resource
   * @param existing the live object, or null (copy rules then only see {@code new})
   * @param copyOnly apply copy rules only (used to rebase a last-applied object the same way)
   */
  public Rebased rebase(MatchSubject subject, ObjectNode existing, boolean copyOnly) {
    ObjectNode result = subject.object().deepCopy();
    var fields = new ArrayList<RebasedField>();
    for (RebaseRule rule : rules) {
      if ((copyOnly && rule.type() == RebaseType.REMOVE) || !rule.matcher().matches(subject)) {
        continue;
      }
      var run = new Run(rule, subject.object(), existing, fields);
      if (rule.type() == RebaseType.SERVICE_ACCOUNT_TOKENS) {
        run.keepTokens(result);
      } else {
        rule.paths().forEach(path -> run.walk(result, path, 0, new ArrayList<>()));
      }
    }
    return new Rebased(result, fields);
  }

  /** One rule applied to one object. */
  private record Run(
      RebaseRule rule, ObjectNode original, ObjectNode existing, List<RebasedField> fields) {

    void walk(JsonNode node, List<PathPart> path, int at, List<Object> location) {
      PathPart part = path.get(at);
      if (part.key() != null) {
        walkKey(node, path, at, location);
      } else if (node instanceof ArrayNode list) {
        int from = part.allIndexes() ? 0 : part.index();
        int to = part.allIndexes() ? list.size() : Math.min(part.index() + 1, list.size());
        for (int i = from; i < to; i++) {
          walk(list.get(i), path, at + 1, with(location, i));
        }
      }
    }

    private void walkKey(JsonNode node, List<PathPart> path, int at, List<Object> location) {
      if (!(node instanceof ObjectNode map)) {
        return;
      }
      String key = path.get(at).key();
      if (at == path.size() - 1) {
        apply(map, key, with(location, key));
        return;
      }
      JsonNode child = map.get(key);
      if (child == null || child.isNull()) {
        if (rule.type() == RebaseType.REMOVE || hasListPart(path, at)) {
          return;
        }
        child = map.putObject(key);
      }
      walk(child, path, at + 1, with(location, key));
    }

    private void apply(ObjectNode map, String key, List<Object> location) {
      if (rule.type() == RebaseType.REMOVE) {
        if (map.remove(key) != null) {
          fields.add(new RebasedField(location, rule.name()));
        }
        return;
      }
      for (CopySource source : rule.sources()) {
        JsonNode value = valueAt(source == CopySource.NEW ? original : existing, location);
        if (value != null) {
          if (!value.equals(map.get(key))) {
            map.set(key, value.deepCopy());
            fields.add(new RebasedField(location, rule.name()));
          }
          return;
        }
      }
    }

    void keepTokens(ObjectNode result) {
      if (existing == null) {
        return;
      }
      String name = original.path("metadata").path("name").asText("");
      for (String list : TOKEN_LISTS) {
        for (JsonNode item : existing.path(list)) {
          String secret = item.path("name").asText("");
          boolean token =
              secret.startsWith(name + "-token-") || secret.startsWith(name + "-dockercfg-");
          if (token && !contains(result.path(list), secret)) {
            ArrayNode target = result.get(list) instanceof ArrayNode a ? a : result.putArray(list);
            target.add(item.deepCopy());
            fields.add(new RebasedField(List.of(list), rule.name()));
          }
        }
      }
    }

    private static boolean contains(JsonNode list, String name) {
      for (JsonNode item : list) {
        if (name.equals(item.path("name").asText(null))) {
          return true;
        }
      }
      return false;
    }

    private static boolean hasListPart(List<PathPart> path, int at) {
      return path.subList(at + 1, path.size()).stream().anyMatch(p -> p.key() == null);
    }

    private static List<Object> with(List<Object> location, Object step) {
      var next = new ArrayList<>(location);
      next.add(step);
      return next;
    }

    private static JsonNode valueAt(JsonNode root, List<Object> location) {
      JsonNode node = root;
      for (Object step : location) {
        if (node == null) {
          return null;
        }
        node = step instanceof Integer i ? node.get(i) : node.get((String) step);
      }
      return node == null || node.isNull() ? null : node;
    }
  }
}
