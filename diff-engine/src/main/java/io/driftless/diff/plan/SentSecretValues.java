package io.driftless.diff.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.text.SecretRedaction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * What an answer to the sender of a manifest shows of a Secret's values (issue 32 point 5): which
 * keys the manifest sent, never whether a sent value equals the one the cluster or the app holds,
 * and never a fingerprint. A caller who can send a Secret but not read it could otherwise test
 * guesses: an equal value dropped out of the changed fields, and a fingerprint in an answer could
 * be matched with the ones the history shows.
 *
 * <p>Every value field ({@code data.<key>}, {@code stringData.<key>}) of a Secret change becomes:
 * one field per key the manifest sent, from {@link #NOT_SHOWN} (or null when the object had no such
 * key) to {@link #NOT_SHOWN}; a key the change removes stays, from {@link #NOT_SHOWN} to null. Key
 * names are not secret; values are. Other fields and other kinds pass through.
 */
public final class SentSecretValues {

  /** What an answer shows for a Secret value. */
  public static final String NOT_SHOWN = "<-- value not shown>";

  private static final List<String> VALUE_FIELDS = List.of("data", "stringData");

  private SentSecretValues() {}

  /** The fields an answer shows for {@code change}. */
  public static List<FieldChange> answered(Change change) {
    var object = change.intended() != null ? change.intended() : change.existing();
    if (object == null || !SecretRedaction.isSecret(object)) {
      return change.fields();
    }
    var shown = new ArrayList<FieldChange>();
    var sentPaths = new TreeSet<String>();
    for (var field : VALUE_FIELDS) {
      for (var key : keys(change.intended(), field)) {
        var path = FieldPath.root().key(field).key(key).render();
        sentPaths.add(path);
        var had = change.existing() != null && change.existing().path(field).has(key);
        shown.add(new FieldChange(path, had ? notShown() : null, notShown(), FieldChange.DESIRED));
      }
    }
    for (var field : change.fields()) {
      if (!isValuePath(field.path())) {
        shown.add(field);
      } else if (!sentPaths.contains(field.path())) {
        shown.add(
            new FieldChange(
                field.path(),
                field.from() == null ? null : notShown(),
                field.to() == null ? null : notShown(),
                field.decidedBy()));
      }
    }
    return shown;
  }

  /**
   * Whether a field path names Secret values: {@code data.x}, {@code stringData["a.b"]}, or the
   * whole {@code data} map.
   */
  static boolean isValuePath(String path) {
    for (var field : VALUE_FIELDS) {
      if (path.equals(field) || path.startsWith(field + ".") || path.startsWith(field + "[")) {
        return true;
      }
    }
    return false;
  }

  private static JsonNode notShown() {
    return JsonNodeFactory.instance.textNode(NOT_SHOWN);
  }

  private static List<String> keys(ObjectNode object, String field) {
    if (object == null || !(object.get(field) instanceof ObjectNode values)) {
      return List.of();
    }
    return values.properties().stream().map(Map.Entry::getKey).sorted().toList();
  }
}
