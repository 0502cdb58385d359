package io.driftless.command.drift;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.apply.PlainJson;
import io.driftless.command.ownership.AppLabels;
import io.driftless.command.resource.ResourceState;
import io.driftless.diff.config.KappConfig;
import io.driftless.diff.plan.ChangeOp;
import io.driftless.diff.plan.DiffEngine;
import io.driftless.diff.plan.DiffInput;
import io.driftless.diff.plan.FieldManagers;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.diff.text.SecretFingerprint;
import io.driftless.events.FieldChange;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The drifted fields of one live object: what the next reconcile would write back. The diff engine
 * compares the object's stored desired state (the ResourceChange's last-applied object, a Secret's
 * opened seal) with the live object three-way, as a reconcile plans an object someone changed,
 * under kapp's default rebase rules and the app's own kapp Configs. Only owned fields can differ
 * that way: what neither desired nor last-applied set (server defaults, fields of other managers)
 * is ignored. A Deployment's or StatefulSet's {@code spec.replicas} is no drift while an HPA of the
 * app scales it (the reconcile keeps the live value there too). Each field names the manager of its
 * live value from the live object's {@code managedFields} ({@link FieldManagers}), as a reconcile
 * records it.
 */
final class DriftDiff {

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final Set<String> SCALED = Set.of("Deployment", "StatefulSet");

  private final SecretFingerprint fingerprint;

  DriftDiff(SecretFingerprint fingerprint) {
    this.fingerprint = fingerprint;
  }

  /**
   * The drifted fields; none when the live object is as desired.
   *
   * @param desired the stored desired object (labels of Driftless on or off)
   * @param state the ResourceChange's state (its last-applied object)
   * @param live the object as the watch saw it
   * @param kappConfigs the app's kapp Configs as {@code AppChangeStarted} stores them, or null
   * @param scaledByHpa whether an HPA of the app scales the object
   */
  List<FieldChange> fields(
      ResourceKey key,
      ObjectNode desired,
      ResourceState state,
      ObjectNode live,
      String kappConfigs,
      boolean scaledByHpa) {
    var engine = new DiffEngine(KappConfig.withDefaults(configs(kappConfigs)), fingerprint);
    var lastApplied = AppLabels.stripped(state.lastAppliedTree());
    var change =
        engine.diff(
            new DiffInput(
                key,
                state.resource().apiVersion(),
                AppLabels.stripped(desired),
                lastApplied,
                AppLabels.stripped(live),
                false));
    if (change.op() != ChangeOp.UPDATE) {
      return List.of();
    }
    var managers = FieldManagers.of(live);
    var fields = new ArrayList<FieldChange>();
    for (var field : change.fields()) {
      if (scaledByHpa && SCALED.contains(key.kind()) && field.path().equals("spec.replicas")) {
        continue;
      }
      fields.add(
          new FieldChange(
              field.path(),
              PlainJson.of(MAPPER, field.from()),
              PlainJson.of(MAPPER, field.to()),
              field.decidedBy(),
              field.from() == null ? null : managers.managerOf(field.path()).orElse(null)));
    }
    return fields;
  }

  /** The stored Configs (a JSON array); none when there are none or they do not read. */
  private static List<ObjectNode> configs(String kappConfigs) {
    if (kappConfigs == null) {
      return List.of();
    }
    try {
      var configs = new ArrayList<ObjectNode>();
      for (var node : (ArrayNode) MAPPER.readTree(kappConfigs)) {
        configs.add((ObjectNode) node);
      }
      return configs;
    } catch (JsonProcessingException | ClassCastException e) {
      return List.of();
    }
  }
}
