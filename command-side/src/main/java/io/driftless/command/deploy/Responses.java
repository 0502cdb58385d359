package io.driftless.command.deploy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.command.apply.PlainJson;
import io.driftless.command.apply.wait.WaitRules;
import io.driftless.diff.plan.Change;
import io.driftless.diff.plan.ChangeOp;
import io.driftless.diff.plan.ChangeSet;
import io.driftless.diff.plan.SentSecretValues;
import io.driftless.diff.plan.WaitOp;
import io.driftless.diff.report.ChangeDiff;
import io.driftless.diff.resources.ResourceKey;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Turns a change set into the API's response shape, with plain JSON values only. What it shows of a
 * Secret's values is what the sender may see ({@link SentSecretValues}, {@link
 * ChangeDiff#renderForSender}, as written: {@link WrittenDiffs}): the keys sent, never whether a
 * value stayed the same, never a fingerprint, never a value the cluster holds.
 */
final class Responses {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private Responses() {}

  /** A response without results: a dry run, or nothing to do. */
  static DeployResponse of(
      String appId,
      String changeId,
      boolean dryRun,
      boolean successful,
      String description,
      ChangeSet changes,
      DiffOptions diff,
      WrittenDiffs written) {
    return of(appId, changeId, dryRun, successful, description, changes, diff, written, Map.of());
  }

  /**
   * A response whose changes (in apply order) carry their result from {@code results}; a change
   * without one has none.
   */
  static DeployResponse of(
      String appId,
      String changeId,
      boolean dryRun,
      boolean successful,
      String description,
      ChangeSet changes,
      DiffOptions diff,
      WrittenDiffs written,
      Map<ResourceKey, String> results) {
    var views =
        changes.shown().stream().map(c -> view(c, diff, written, results.get(c.key()))).toList();
    return new DeployResponse(
        appId,
        changeId,
        dryRun,
        successful,
        description,
        ops(changes.opCounts()),
        waits(changes.waitCounts()),
        views,
        changes.warnings(),
        null);
  }

  private static DeployResponse.ChangeView view(
      Change c, DiffOptions diff, WrittenDiffs written, String result) {
    return new DeployResponse.ChangeView(
        c.key().namespace(),
        c.key().name(),
        c.key().kind(),
        c.apiVersion(),
        c.op().wireName(),
        c.opStrategy(),
        c.waitTo().wireName(),
        SentSecretValues.answered(c).stream()
            .map(
                f ->
                    new DeployResponse.FieldView(
                        f.path(),
                        PlainJson.of(MAPPER, f.from()),
                        PlainJson.of(MAPPER, f.to()),
                        f.decidedBy()))
            .toList(),
        diff.changes() ? written.render(c, diff.context(), !diff.mask()) : null,
        result,
        live(c));
  }

  /** kapp's Age, Conds., Rs and Ri of the live object a change was planned against, if any. */
  static DeployResponse.LiveView live(Change c) {
    var existing = c.existing();
    var created = existing == null ? null : existing.path("metadata").path("creationTimestamp");
    if (created == null || !created.isTextual()) {
      // Not in the cluster (a create, or a delete of an object already gone: the last-applied).
      return DeployResponse.LiveView.NONE;
    }
    var conditions = existing.path("status").path("conditions");
    String conds = null;
    if (conditions.isArray() && !conditions.isEmpty()) {
      var isTrue = 0;
      for (var condition : conditions) {
        if ("True".equals(condition.path("status").asText())) {
          isTrue++;
        }
      }
      conds = isTrue + "/" + conditions.size() + " t";
    }
    var state = WaitRules.of(c.key()).check(existing);
    return new DeployResponse.LiveView(created.asText(), conds, state.word(), state.message());
  }

  private static Map<String, Integer> ops(Map<ChangeOp, Integer> counts) {
    var ops = new LinkedHashMap<String, Integer>();
    for (var op :
        new ChangeOp[] {
          ChangeOp.CREATE, ChangeOp.DELETE, ChangeOp.UPDATE, ChangeOp.NOOP, ChangeOp.EXISTS
        }) {
      ops.put(op.wireName(), counts.getOrDefault(op, 0));
    }
    return ops;
  }

  private static Map<String, Integer> waits(Map<WaitOp, Integer> counts) {
    var waits = new LinkedHashMap<String, Integer>();
    for (var op : new WaitOp[] {WaitOp.RECONCILE, WaitOp.DELETE, WaitOp.NOOP}) {
      waits.put(op.wireName(), counts.getOrDefault(op, 0));
    }
    return waits;
  }
}
