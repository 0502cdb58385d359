package io.driftless.sandbox.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.objects.Nodes;
import io.driftless.sandbox.objects.ObjectType;
import io.driftless.sandbox.patch.PatchSchema;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code metadata.managedFields} as the API server keeps it for {@code Update} operations
 * (structured-merge-diff's {@code Updater.Update} behind k8s.io/apiserver's field manager): an
 * entry per manager, operation, apiVersion and subresource. A write compares the stored object (on
 * create: the kind's zero value, {@link PatchSchema#zero}) with the new one ({@link FieldSets});
 * the writer's entry gains the fields it added or changed, every other entry loses them (an update
 * takes ownership, it never conflicts), every entry loses the removed ones, empty entries go. The
 * writer's {@code time} is set only when it took fields. Server metadata ({@code name}, {@code uid}
 * ...), {@code apiVersion} and {@code kind} are owned by nobody; a write of the main resource owns
 * no {@code status} of a kind with a status subresource, a {@code status} write only status (and
 * annotations, which the sandbox's status writes carry). Entries the write itself sends (non-empty)
 * are taken instead of the stored ones, as the API server takes them.
 *
 * <p>{@code Apply} entries ({@link #stampApply}) are exactly the fields the manager applied.
 *
 * <p>Limits: no cap of ten entries ({@code ancient-changes}); only the list keys of {@link
 * PatchSchema}.
 */
public final class ManagedFields {

  private static final Set<String> STRIPPED =
      Set.of(
          "name",
          "namespace",
          "creationTimestamp",
          "selfLink",
          "uid",
          "clusterName",
          "generation",
          "resourceVersion");

  private ManagedFields() {}

  /**
   * Records {@code manager}'s write of {@code next} over {@code old} (null on create) through
   * {@code subresource} ({@code ""}, {@code status} or {@code scale}).
   */
  public static void stamp(ObjectNode next, JsonNode old, String manager, String subresource) {
    record(
        next,
        old,
        new Entry(manager, "Update", next.path("apiVersion").asText(), subresource),
        null);
  }

  /**
   * Records {@code manager}'s server-side apply of the fields {@code applied} ({@link
   * ServerSideApply}), which made {@code next} from {@code old}: its {@code Apply} entry is exactly
   * the applied fields; the fields it changed leave every other entry (conflicts were refused or
   * forced before).
   */
  public static void stampApply(
      ObjectNode next, JsonNode old, String manager, Set<List<String>> applied) {
    record(next, old, new Entry(manager, "Apply", next.path("apiVersion").asText(), ""), applied);
  }

  private static void record(ObjectNode next, JsonNode old, Entry self, Set<List<String>> applied) {
    var subresource = self.subresource();
    var kind = next.path("kind").asText();
    var entries = entries(applied == null ? next : Nodes.newObject(), old);
    var live = old == null ? PatchSchema.zero(kind) : old.deepCopy();
    var compare = FieldSets.compare(kind, clean((ObjectNode) live), clean(next.deepCopy()));
    var hasStatus = KindRules.hasStatus(ObjectType.of(next));
    var taken = new LinkedHashSet<List<String>>();
    taken.addAll(compare.modified());
    taken.addAll(compare.added());
    taken.removeIf(path -> ignored(path, subresource, hasStatus));
    for (var entry : entries.entrySet()) {
      if (!entry.getKey().equals(self)) {
        entry.getValue().fields.removeAll(taken);
      }
      entry.getValue().fields.removeAll(compare.removed());
    }
    var now = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
    if (applied != null) {
      var fields = new LinkedHashSet<>(applied);
      fields.removeIf(path -> ignored(path, subresource, hasStatus) || stripped(path));
      entries.put(self, new Fields(fields, now));
    } else if (!taken.isEmpty()) {
      var mine = entries.computeIfAbsent(self, e -> new Fields(new LinkedHashSet<>(), null));
      mine.fields.addAll(taken);
      mine.time = now;
    }
    Nodes.object(next, "metadata").set("managedFields", encode(entries));
  }

  /** The key of an entry: its manager, operation, apiVersion and subresource. */
  record Entry(String manager, String operation, String apiVersion, String subresource) {}

  static final class Fields {
    final Set<List<String>> fields;
    String time;

    Fields(Set<List<String>> fields, String time) {
      this.fields = fields;
      this.time = time;
    }
  }

  /** The entries of a stored object. */
  static Map<Entry, Fields> entries(JsonNode object) {
    return entries(Nodes.newObject(), object);
  }

  private static Map<Entry, Fields> entries(ObjectNode next, JsonNode old) {
    var sent = next.path("metadata").get("managedFields");
    var source =
        sent instanceof ArrayNode list && !list.isEmpty()
            ? sent
            : old == null ? null : old.path("metadata").get("managedFields");
    var entries = new LinkedHashMap<Entry, Fields>();
    if (source instanceof ArrayNode list) {
      for (var item : list) {
        var key =
            new Entry(
                item.path("manager").asText(),
                item.path("operation").asText("Update"),
                item.path("apiVersion").asText(),
                item.path("subresource").asText(""));
        entries.put(
            key,
            new Fields(FieldSets.decode(item.path("fieldsV1")), item.path("time").asText(null)));
      }
    }
    return entries;
  }

  private static ArrayNode encode(Map<Entry, Fields> entries) {
    var sorted = new ArrayList<>(entries.entrySet());
    sorted.removeIf(entry -> entry.getValue().fields.isEmpty());
    sorted.sort(
        Comparator.comparing((Map.Entry<Entry, Fields> e) -> e.getKey().operation())
            .thenComparing(e -> e.getValue().time == null ? "" : e.getValue().time)
            .thenComparing(e -> e.getKey().manager())
            .thenComparing(e -> e.getKey().apiVersion())
            .thenComparing(e -> e.getKey().subresource()));
    var list = Nodes.newArray();
    for (var entry : sorted) {
      var json = list.addObject();
      json.put("manager", entry.getKey().manager());
      json.put("operation", entry.getKey().operation());
      json.put("apiVersion", entry.getKey().apiVersion());
      if (entry.getValue().time != null) {
        json.put("time", entry.getValue().time);
      }
      json.put("fieldsType", "FieldsV1");
      json.set("fieldsV1", FieldSets.encode(entry.getValue().fields));
      if (!entry.getKey().subresource().isEmpty()) {
        json.put("subresource", entry.getKey().subresource());
      }
    }
    return list;
  }

  /** The object as compared: no apiVersion, kind, server metadata or managedFields. */
  private static ObjectNode clean(ObjectNode object) {
    object.remove("apiVersion");
    object.remove("kind");
    var metadata = object.get("metadata");
    if (metadata instanceof ObjectNode meta) {
      STRIPPED.forEach(meta::remove);
      meta.remove("managedFields");
      if (meta.isEmpty()) {
        object.remove("metadata");
      }
    }
    return object;
  }

  private static boolean stripped(List<String> path) {
    return path.size() == 2
        && path.get(0).equals("f:metadata")
        && STRIPPED.contains(path.get(1).substring(2));
  }

  static boolean ignored(List<String> path, String subresource, boolean hasStatus) {
    var top = path.get(0);
    if (subresource.equals("status")) {
      return !(top.equals("f:status")
          || (path.size() > 1 && top.equals("f:metadata") && path.get(1).equals("f:annotations")));
    }
    if (path.size() == 1 && top.equals("f:metadata")) {
      return true;
    }
    return hasStatus && top.equals("f:status");
  }
}
