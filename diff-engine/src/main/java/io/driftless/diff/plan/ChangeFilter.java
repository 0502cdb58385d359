package io.driftless.diff.plan;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.resources.ManifestException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * kapp's {@code --diff-filter}: which changes of a plan to keep, e.g. {@code
 * {"and":[{"ops":["update"]},{"existingResource":{"kinds":["Deployment"]}}]}}. Keys: {@code and},
 * {@code or} (lists of filters), {@code not} (a filter), {@code ops} (create, update, delete, noop,
 * exists), {@code newResource} and {@code existingResource} with {@code kinds}, {@code namespaces},
 * {@code names}, {@code kindNames} ({@code Kind/name}), {@code kindNamespaces} ({@code
 * Kind/namespace}), {@code kindNsNames} ({@code Kind/namespace/name}) and {@code labels} ({@code
 * key=value}, all must match). All keys of one filter must hold. {@code newResource} looks at the
 * object to apply, {@code existingResource} at the live one; a change without that object does not
 * match.
 */
public final class ChangeFilter {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final Predicate<Change> predicate;

  private ChangeFilter(Predicate<Change> predicate) {
    this.predicate = predicate;
  }

  /** A filter that keeps everything. */
  public static ChangeFilter all() {
    return new ChangeFilter(change -> true);
  }

  /**
   * Parses kapp's JSON filter; null or blank keeps everything.
   *
   * @throws ManifestException (INVALID) when the text is no JSON object
   */
  public static ChangeFilter parse(String json) {
    if (json == null || json.isBlank()) {
      return all();
    }
    try {
      JsonNode node = JSON.readTree(json);
      if (!node.isObject()) {
        throw invalid("the filter is a JSON object");
      }
      return new ChangeFilter(filter(node));
    } catch (JsonProcessingException e) {
      throw invalid("the filter is not JSON: " + e.getOriginalMessage());
    }
  }

  /** Whether the change is kept. */
  public boolean test(Change change) {
    return predicate.test(change);
  }

  private static Predicate<Change> filter(JsonNode node) {
    var parts = new ArrayList<Predicate<Change>>();
    node.path("and").forEach(f -> parts.add(filter(f)));
    if (node.has("or")) {
      var any = new ArrayList<Predicate<Change>>();
      node.get("or").forEach(f -> any.add(filter(f)));
      parts.add(c -> any.stream().anyMatch(p -> p.test(c)));
    }
    if (node.has("not")) {
      parts.add(filter(node.get("not")).negate());
    }
    if (node.has("ops")) {
      List<String> ops = texts(node.get("ops"));
      parts.add(c -> ops.contains(c.op().wireName()));
    }
    if (node.has("newResource")) {
      parts.add(resource(node.get("newResource"), true));
    }
    if (node.has("existingResource")) {
      parts.add(resource(node.get("existingResource"), false));
    }
    return c -> parts.stream().allMatch(p -> p.test(c));
  }

  private static Predicate<Change> resource(JsonNode spec, boolean desired) {
    return change -> {
      // A create's existing object is the previous version of a versioned resource, not its own.
      ObjectNode object =
          desired ? change.applied() : change.op() == ChangeOp.CREATE ? null : change.existing();
      if (object == null) {
        return false;
      }
      var key = change.key();
      return in(spec, "kinds", key.kind())
          && in(spec, "namespaces", key.namespace())
          && in(spec, "names", key.name())
          && in(spec, "kindNames", key.kind() + "/" + key.name())
          && in(spec, "kindNamespaces", key.kind() + "/" + key.namespace())
          && in(spec, "kindNsNames", key.kind() + "/" + key.namespace() + "/" + key.name())
          && labels(spec.path("labels"), object.path("metadata").path("labels"));
    };
  }

  private static boolean in(JsonNode spec, String field, String value) {
    return !spec.has(field) || texts(spec.get(field)).contains(value);
  }

  private static boolean labels(JsonNode wanted, JsonNode labels) {
    for (String label : texts(wanted)) {
      int eq = label.indexOf('=');
      String key = eq < 0 ? label : label.substring(0, eq);
      if (!labels.has(key)
          || (eq >= 0 && !labels.get(key).asText().equals(label.substring(eq + 1)))) {
        return false;
      }
    }
    return true;
  }

  private static List<String> texts(JsonNode list) {
    var values = new ArrayList<String>();
    list.forEach(value -> values.add(value.asText()));
    return values;
  }

  private static ManifestException invalid(String detail) {
    return new ManifestException(
        ManifestException.Reason.INVALID, "The diff filter is invalid.", List.of(detail));
  }
}
