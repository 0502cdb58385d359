package io.driftless.diff.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The fields a create reports: one per field the desired object sets one level below the top
 * ({@code spec.replicas}, {@code spec.template}, {@code data.hello_msg}, {@code metadata.labels}),
 * or at the top for top-level values that are not maps ({@code rules} of a Role). apiVersion, kind,
 * metadata.name and metadata.namespace are left out: the key already says them. Values come from
 * the normalised object, so Secret values appear hashed.
 */
final class CreateFields {

  private static final Set<String> TOP_IDENTITY = Set.of("apiVersion", "kind");
  private static final Set<String> METADATA_IDENTITY = Set.of("name", "namespace");

  private CreateFields() {}

  static List<FieldChange> of(ObjectNode normalisedDesired) {
    var fields = new ArrayList<FieldChange>();
    normalisedDesired
        .properties()
        .forEach(
            top -> {
              if (!TOP_IDENTITY.contains(top.getKey())) {
                addTop(fields, top.getKey(), top.getValue());
              }
            });
    return fields;
  }

  private static void addTop(List<FieldChange> fields, String name, JsonNode value) {
    FieldPath path = FieldPath.root().key(name);
    if (!value.isObject()) {
      fields.add(new FieldChange(path.render(), null, value, FieldChange.DESIRED));
      return;
    }
    value
        .properties()
        .forEach(
            child -> {
              if (!"metadata".equals(name) || !METADATA_IDENTITY.contains(child.getKey())) {
                String childPath = path.key(child.getKey()).render();
                fields.add(new FieldChange(childPath, null, child.getValue(), FieldChange.DESIRED));
              }
            });
  }
}
