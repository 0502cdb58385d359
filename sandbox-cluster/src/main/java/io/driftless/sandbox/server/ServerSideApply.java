package io.driftless.sandbox.server;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.objects.Nodes;
import io.driftless.sandbox.objects.ObjectType;
import io.driftless.sandbox.patch.ApplyMerge;
import io.driftless.sandbox.patch.PatchException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Server-side apply ({@code application/apply-patch+yaml}) before the write: the configuration
 * merged into the live object ({@link ApplyMerge}); the fields the manager applied before and no
 * longer names removed, unless another manager owns them; then the fields the apply changes that
 * other managers own are conflicts, refused with {@code 409 Conflict} naming each manager and field
 * as the API server words it ({@code Apply failed with 1 conflict: conflict with "kubectl" using
 * apps/v1: .spec.replicas}), unless {@code force=true}. {@link ManagedFields#stampApply} then
 * records the manager's {@code Apply} entry.
 *
 * <p>Limits: the merge and the field sets know only the keyed lists of {@link
 * io.driftless.sandbox.patch.PatchSchema}; no unions, no version conversion of entries.
 */
public final class ServerSideApply {

  private ServerSideApply() {}

  /** The fields {@code config} applies. */
  public static Set<List<String>> applied(ObjectNode config) {
    return FieldSets.applied(config.path("kind").asText(), config);
  }

  /** The object {@code manager}'s apply of {@code config} makes of {@code live} (null: none). */
  public static ObjectNode merge(
      ObjectNode live, ObjectNode config, String manager, boolean force) {
    if (live == null) {
      return config.deepCopy();
    }
    var kind = live.path("kind").asText();
    var merged = ApplyMerge.apply(kind, live, config);
    var applied = applied(config);
    var entries = ManagedFields.entries(live);
    var previous = new LinkedHashSet<List<String>>();
    var others = new LinkedHashSet<List<String>>();
    entries.forEach(
        (entry, fields) -> {
          if (entry.manager().equals(manager) && entry.operation().equals("Apply")) {
            previous.addAll(fields.fields);
          } else {
            others.addAll(fields.fields);
          }
        });
    for (var path : previous) {
      if (!applied.contains(path) && !others.contains(path)) {
        FieldSets.remove(kind, merged, path);
      }
    }
    if (!force) {
      refuseConflicts(live, merged, manager, entries);
    }
    return merged;
  }

  private static void refuseConflicts(
      ObjectNode live,
      ObjectNode merged,
      String manager,
      java.util.Map<ManagedFields.Entry, ManagedFields.Fields> entries) {
    var kind = live.path("kind").asText();
    var compare = FieldSets.compare(kind, strip(live), strip(merged));
    var changed = new LinkedHashSet<>(compare.modified());
    changed.addAll(compare.added());
    var hasStatus = KindRules.hasStatus(ObjectType.of(live));
    changed.removeIf(path -> ManagedFields.ignored(path, "", hasStatus));
    var conflicts = new LinkedHashMap<ManagedFields.Entry, List<String>>();
    entries.forEach(
        (entry, fields) -> {
          if (entry.manager().equals(manager) && entry.operation().equals("Apply")) {
            return;
          }
          for (var path : fields.fields) {
            if (changed.contains(path)) {
              conflicts.computeIfAbsent(entry, e -> new ArrayList<>()).add(dotted(path));
            }
          }
        });
    if (conflicts.isEmpty()) {
      return;
    }
    var causes = Nodes.newArray();
    var lines = new ArrayList<String>();
    conflicts.forEach(
        (entry, fields) -> {
          var with = "conflict with \"" + entry.manager() + "\"";
          if (!entry.subresource().isEmpty()) {
            with += " with subresource \"" + entry.subresource() + "\"";
          }
          with += " using " + entry.apiVersion();
          for (var field : fields) {
            causes
                .addObject()
                .put("reason", "FieldManagerConflict")
                .put("message", with)
                .put("field", field);
            lines.add(with + ": " + field);
          }
        });
    var count = lines.size();
    var message =
        "Apply failed with "
            + count
            + (count == 1 ? " conflict: " : " conflicts: ")
            + String.join("\n", lines);
    var details = Nodes.newObject();
    details.set("causes", causes);
    throw new PatchException(409, "Conflict", message, details);
  }

  private static ObjectNode strip(ObjectNode object) {
    var copy = object.deepCopy();
    copy.remove("apiVersion");
    copy.remove("kind");
    var metadata = copy.get("metadata");
    if (metadata instanceof ObjectNode meta) {
      meta.remove("managedFields");
      meta.remove("resourceVersion");
    }
    return copy;
  }

  /** {@code .spec.template.spec.containers[name="web"].image}, as the API server names a field. */
  static String dotted(List<String> path) {
    var text = new StringBuilder();
    for (var element : path) {
      if (element.startsWith("f:")) {
        text.append('.').append(element.substring(2));
      } else if (element.startsWith("k:")) {
        try {
          var fields = Nodes.MAPPER.readTree(element.substring(2));
          var parts = new ArrayList<String>();
          fields.fields().forEachRemaining(f -> parts.add(f.getKey() + "=" + f.getValue()));
          text.append('[').append(String.join(",", parts)).append(']');
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
          text.append('[').append(element.substring(2)).append(']');
        }
      } else if (element.startsWith("v:")) {
        text.append('[').append(element.substring(2)).append(']');
      }
    }
    return text.toString();
  }
}
