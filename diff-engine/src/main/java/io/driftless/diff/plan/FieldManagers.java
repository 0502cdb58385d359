package io.driftless.diff.plan;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Who last wrote a field of a live object, from its {@code metadata.managedFields} (the API
 * server's record of field managers, {@code fieldsType: FieldsV1}): the answer to "was it the HPA
 * or a human?" for a drifted field.
 *
 * <p>A path in the diff-cases syntax ({@code spec.template.spec.containers[name=app].image}, see
 * {@link FieldChange}) is walked through each entry's {@code fieldsV1}: map keys as {@code
 * f:<key>}, list items by their merge key as {@code k:{"name":"app"}} (the item whose key has that
 * value), a list item by position only inside an atomic list, which {@code fieldsV1} records as a
 * leaf. An entry owns the path when the walk reaches its end, or a leaf ({@code {}}) on the way (an
 * atomic list or map holds everything below it). When several entries own it (shared ownership
 * under server-side apply, or a simplified server that gives a writer every field it sent), the one
 * with the latest {@code time} wins: the last writer of the value. Unknown (empty) when no entry
 * owns the path, e.g. a field the live object no longer has.
 */
public final class FieldManagers {

  private static final FieldManagers NONE = new FieldManagers(List.of());
  private static final ObjectMapper JSON = new ObjectMapper();

  private final List<Entry> entries;

  private FieldManagers(List<Entry> entries) {
    this.entries = entries;
  }

  /** The managers recorded on {@code live} (none for null or an object without managedFields). */
  public static FieldManagers of(JsonNode live) {
    if (live == null) {
      return NONE;
    }
    var managed = live.path("metadata").path("managedFields");
    if (!managed.isArray() || managed.isEmpty()) {
      return NONE;
    }
    var entries = new ArrayList<Entry>();
    for (var entry : managed) {
      var manager = entry.path("manager").asText("");
      var fields = entry.get("fieldsV1");
      if (!manager.isEmpty() && fields != null && fields.isObject()) {
        entries.add(new Entry(manager, time(entry.path("time").asText(null)), fields));
      }
    }
    return new FieldManagers(List.copyOf(entries));
  }

  /** The manager that last wrote {@code path}, if the live object says. */
  public Optional<String> managerOf(String path) {
    if (entries.isEmpty()) {
      return Optional.empty();
    }
    List<Segment> segments;
    try {
      segments = parse(path);
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
    Entry owner = null;
    for (var entry : entries) {
      if (owns(entry.fields(), segments)
          && (owner == null || !entry.time().isBefore(owner.time()))) {
        owner = entry;
      }
    }
    return Optional.ofNullable(owner).map(Entry::manager);
  }

  private static boolean owns(JsonNode fields, List<Segment> segments) {
    var node = fields;
    for (var segment : segments) {
      if (node.isEmpty()) {
        return true; // a leaf: an atomic value holds everything below it
      }
      node = segment.child(node);
      if (node == null) {
        return false;
      }
    }
    return true;
  }

  private static Instant time(String text) {
    if (text == null) {
      return Instant.MIN;
    }
    try {
      return Instant.parse(text);
    } catch (DateTimeParseException e) {
      return Instant.MIN;
    }
  }

  /** Splits a diff-cases path into map keys, merge-key items and positions. */
  static List<Segment> parse(String path) {
    var segments = new ArrayList<Segment>();
    int i = 0;
    int n = path.length();
    while (i < n) {
      char c = path.charAt(i);
      if (c == '.') {
        i++;
      } else if (c == '[') {
        if (i + 1 < n && path.charAt(i + 1) == '"') {
          var quoted = new StringBuilder();
          i = unquote(path, i + 1, quoted);
          segments.add(new Key(quoted.toString()));
        } else {
          int eq = -1;
          int j = i + 1;
          while (j < n && path.charAt(j) != ']' && path.charAt(j) != '=') {
            j++;
          }
          if (j < n && path.charAt(j) == '=') {
            eq = j;
          }
          if (eq < 0) {
            if (j >= n) {
              throw new IllegalArgumentException("Unclosed [ in " + path);
            }
            segments.add(new Position(Integer.parseInt(path.substring(i + 1, j))));
            i = j;
          } else {
            var name = path.substring(i + 1, eq);
            var value = new StringBuilder();
            if (eq + 1 < n && path.charAt(eq + 1) == '"') {
              i = unquote(path, eq + 1, value);
            } else {
              int end = path.indexOf(']', eq);
              if (end < 0) {
                throw new IllegalArgumentException("Unclosed [ in " + path);
              }
              value.append(path, eq + 1, end);
              i = end;
            }
            segments.add(new Item(name, value.toString()));
          }
        }
        if (i >= n || path.charAt(i) != ']') {
          throw new IllegalArgumentException("Unclosed [ in " + path);
        }
        i++;
      } else {
        int j = i;
        while (j < n && path.charAt(j) != '.' && path.charAt(j) != '[') {
          j++;
        }
        segments.add(new Key(path.substring(i, j)));
        i = j;
      }
    }
    return segments;
  }

  /** Reads the quoted text starting at {@code quote} into {@code out}; returns the index after. */
  private static int unquote(String path, int quote, StringBuilder out) {
    int i = quote + 1;
    while (i < path.length()) {
      char c = path.charAt(i);
      if (c == '\\' && i + 1 < path.length()) {
        out.append(path.charAt(i + 1));
        i += 2;
      } else if (c == '"') {
        return i + 1;
      } else {
        out.append(c);
        i++;
      }
    }
    throw new IllegalArgumentException("Unclosed quote in " + path);
  }

  private record Entry(String manager, Instant time, JsonNode fields) {}

  /** One step of a path, and where it leads in a {@code fieldsV1} tree. */
  sealed interface Segment permits Key, Item, Position {
    JsonNode child(JsonNode fields);
  }

  record Key(String name) implements Segment {
    @Override
    public JsonNode child(JsonNode fields) {
      return fields.get("f:" + name);
    }
  }

  record Item(String keyName, String value) implements Segment {
    @Override
    public JsonNode child(JsonNode fields) {
      var names = fields.fieldNames();
      while (names.hasNext()) {
        var name = names.next();
        if (name.startsWith("k:") && matches(name.substring(2))) {
          return fields.get(name);
        }
      }
      return null;
    }

    private boolean matches(String key) {
      try {
        var item = JSON.readTree(key);
        var keyValue = item.get(keyName);
        return keyValue != null && keyValue.asText().equals(value);
      } catch (JsonProcessingException e) {
        return false;
      }
    }
  }

  /** An item by position: {@code fieldsV1} has no positions, only atomic lists (leaves). */
  record Position(int index) implements Segment {
    @Override
    public JsonNode child(JsonNode fields) {
      return null;
    }
  }
}
