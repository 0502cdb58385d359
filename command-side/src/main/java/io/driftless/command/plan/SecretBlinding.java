package io.driftless.command.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.resources.Resource;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.diff.text.SecretRedaction;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A dry run compares no Secret value (issue 32 point 5). Whoever may deploy may not read Secrets
 * (no role reads a value; viewers see keyed fingerprints), yet a dry run's plan told whether a sent
 * value equals the one the cluster holds: an equal value dropped out of the changes. Before a dry
 * run is planned, every value of the desired Secrets' live and last-applied objects is replaced
 * with a marker that equals nothing a manifest can send (it is not base64, and new for each plan),
 * so every sent value plans as changed, whatever it is: an existing Secret that sends values is an
 * update, a right guess and a wrong one plan alike. Key names stay. Real deploys and reconciles
 * compare the values as before, so an unchanged Secret is still never written.
 */
final class SecretBlinding {

  private static final List<String> VALUE_FIELDS = List.of("data", "stringData");

  private SecretBlinding() {}

  /** Blinds, in place, the objects of {@code lastApplied} and {@code live} of desired Secrets. */
  static void blind(
      List<Resource> desired,
      Map<ResourceKey, ObjectNode> lastApplied,
      Map<ResourceKey, ObjectNode> live) {
    var marker = "not compared: " + UUID.randomUUID();
    for (var resource : desired) {
      if (!SecretRedaction.isSecret(resource.object())) {
        continue;
      }
      for (var objects : List.of(lastApplied, live)) {
        var object = objects.get(resource.key());
        if (object != null) {
          objects.put(resource.key(), blinded(object, marker));
        }
      }
    }
  }

  private static ObjectNode blinded(ObjectNode object, String marker) {
    var copy = object.deepCopy();
    for (var field : VALUE_FIELDS) {
      if (copy.get(field) instanceof ObjectNode values) {
        for (var name : values.properties().stream().map(Map.Entry::getKey).toList()) {
          values.put(name, marker);
        }
      }
    }
    return copy;
  }
}
