package io.driftless.sandbox.patch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.objects.Nodes;
import java.util.ArrayList;

/**
 * JSON merge patch (RFC 7386): an object merges key by key, {@code null} removes, anything else
 * (lists too) replaces.
 */
public final class JsonMergePatch {

  private JsonMergePatch() {}

  /** {@code target} (not changed) patched by {@code patch}. */
  public static JsonNode apply(JsonNode target, JsonNode patch) {
    if (!patch.isObject()) {
      return patch.deepCopy();
    }
    var result =
        target != null && target.isObject() ? (ObjectNode) target.deepCopy() : Nodes.newObject();
    var names = new ArrayList<String>();
    patch.fieldNames().forEachRemaining(names::add);
    for (var name : names) {
      var value = patch.get(name);
      if (value.isNull()) {
        result.remove(name);
      } else {
        result.set(name, apply(result.get(name), value));
      }
    }
    return result;
  }
}
