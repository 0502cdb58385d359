package io.driftless.sandbox.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.objects.Nodes;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Set;

/**
 * {@code metadata.managedFields} as the API server keeps it for non-apply writes: one entry per
 * manager, operation and subresource ({@code Update}, the time of its last write, {@code FieldsV1}
 * naming the fields it sent). Simplified: a manager's entry lists every field of its last write
 * (lists are leaves, except lists of named objects, keyed {@code k:{"name":...}}) and other
 * managers keep their entries, where the API server would move ownership of changed fields.
 */
public final class ManagedFields {

  private static final Set<String> SERVER_METADATA =
      Set.of(
          "uid",
          "resourceVersion",
          "generation",
          "creationTimestamp",
          "managedFields",
          "namespace",
          "name",
          "selfLink");

  private ManagedFields() {}

  /** Records {@code manager}'s write of {@code next} (a status write when {@code status}). */
  public static void stamp(ObjectNode next, JsonNode old, String manager, boolean status) {
    var entries = Nodes.newArray();
    var previous = old == null ? null : old.path("metadata").get("managedFields");
    var subresource = status ? "status" : "";
    if (previous instanceof ArrayNode list) {
      for (var entry : list) {
        if (!(entry.path("manager").asText().equals(manager)
            && entry.path("subresource").asText("").equals(subresource))) {
          entries.add(entry.deepCopy());
        }
      }
    }
    var entry = entries.addObject();
    entry.put("manager", manager).put("operation", "Update");
    entry.put("apiVersion", next.path("apiVersion").asText());
    entry.put("time", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
    entry.put("fieldsType", "FieldsV1");
    entry.set("fieldsV1", status ? statusFields(next) : fields(next));
    if (status) {
      entry.put("subresource", "status");
    }
    Nodes.object(next, "metadata").set("managedFields", entries);
  }

  private static ObjectNode fields(ObjectNode object) {
    var set = Nodes.newObject();
    object
        .fields()
        .forEachRemaining(
            field -> {
              switch (field.getKey()) {
                case "apiVersion", "kind", "status" -> {}
                case "metadata" -> {
                  var metadata = Nodes.newObject();
                  field
                      .getValue()
                      .fields()
                      .forEachRemaining(
                          m -> {
                            if (!SERVER_METADATA.contains(m.getKey())) {
                              metadata.set("f:" + m.getKey(), nested(m.getValue()));
                            }
                          });
                  if (!metadata.isEmpty()) {
                    set.set("f:metadata", metadata);
                  }
                }
                default -> set.set("f:" + field.getKey(), nested(field.getValue()));
              }
            });
    return set;
  }

  private static ObjectNode statusFields(ObjectNode object) {
    var set = Nodes.newObject();
    set.set("f:status", nested(object.path("status")));
    return set;
  }

  private static ObjectNode nested(JsonNode value) {
    var set = Nodes.newObject();
    if (value.isObject()) {
      if (!value.isEmpty()) {
        set.putObject(".");
      }
      value.fields().forEachRemaining(f -> set.set("f:" + f.getKey(), nested(f.getValue())));
    } else if (value.isArray() && named(value)) {
      for (var item : value) {
        var key = "k:{\"name\":" + item.get("name").toString() + "}";
        var itemSet = nested(item);
        itemSet.putObject(".");
        set.set(key, itemSet);
      }
    }
    return set;
  }

  private static boolean named(JsonNode array) {
    if (array.isEmpty()) {
      return false;
    }
    for (var item : array) {
      if (!item.isObject() || !item.path("name").isTextual()) {
        return false;
      }
    }
    return true;
  }
}
