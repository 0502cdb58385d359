package io.driftless.command.deploy;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.driftless.command.change.EventPositions;
import java.util.List;
import java.util.Map;

/**
 * The answer of deploy, reconcile and delete, as API.md shows it. {@code ops}, {@code wait} and
 * {@code changes} are what kapp shows ({@code ChangeSet#shown()}); {@code warnings} is always
 * present (unknown {@code kapp.k14s.io/} annotations; empty when none). {@code eventPosition}: the
 * event store's count once the change's last event is stored ({@link EventPositions}); absent for a
 * dry run or when nothing changed. {@code rolledBackTo}: for a rollback, the change whose desired
 * set it deploys again; absent for every other command.
 */
record DeployResponse(
    String app,
    String changeId,
    boolean dryRun,
    boolean successful,
    String description,
    Map<String, Integer> ops,
    @JsonProperty("wait") Map<String, Integer> waits,
    List<ChangeView> changes,
    List<String> warnings,
    @JsonInclude(JsonInclude.Include.NON_NULL) Long eventPosition,
    @JsonInclude(JsonInclude.Include.NON_NULL) String rolledBackTo) {

  /** An answer of a command that is not a rollback. */
  DeployResponse(
      String app,
      String changeId,
      boolean dryRun,
      boolean successful,
      String description,
      Map<String, Integer> ops,
      Map<String, Integer> waits,
      List<ChangeView> changes,
      List<String> warnings,
      Long eventPosition) {
    this(
        app,
        changeId,
        dryRun,
        successful,
        description,
        ops,
        waits,
        changes,
        warnings,
        eventPosition,
        null);
  }

  /** The same answer naming the change a rollback deployed again. */
  DeployResponse withRolledBackTo(String changeId) {
    return new DeployResponse(
        app,
        this.changeId,
        dryRun,
        successful,
        description,
        ops,
        waits,
        changes,
        warnings,
        eventPosition,
        changeId);
  }

  /** The same answer carrying the event position of the change's last event. */
  DeployResponse withEventPosition(long position) {
    return new DeployResponse(
        app,
        changeId,
        dryRun,
        successful,
        description,
        ops,
        waits,
        changes,
        warnings,
        position,
        rolledBackTo);
  }

  /** The answer without line diffs: the stream's plan line. */
  DeployResponse withoutDiffs() {
    var plain =
        changes.stream()
            .map(
                c ->
                    new ChangeView(
                        c.namespace(),
                        c.name(),
                        c.kind(),
                        c.apiVersion(),
                        c.op(),
                        c.opStrategy(),
                        c.waitTo(),
                        c.fields(),
                        null,
                        c.result(),
                        c.live()))
            .toList();
    return new DeployResponse(
        app,
        changeId,
        dryRun,
        successful,
        description,
        ops,
        waits,
        plain,
        warnings,
        eventPosition,
        rolledBackTo);
  }

  /**
   * One change kapp lists (not an unchanged resource); {@code opStrategy} is kapp's strategy
   * annotation value ({@code ""} for the plain one); {@code diff} only when diffChanges=true;
   * {@code result} only when the change was applied: {@code applied}, {@code failed} (the cluster
   * refused it; the change stopped there) or {@code not applied} (after a refusal).
   */
  record ChangeView(
      String namespace,
      String name,
      String kind,
      String apiVersion,
      String op,
      String opStrategy,
      String waitTo,
      List<FieldView> fields,
      @JsonInclude(JsonInclude.Include.NON_NULL) String diff,
      @JsonInclude(JsonInclude.Include.NON_NULL) String result,
      @JsonUnwrapped LiveView live) {}

  /**
   * What kapp's Changes table shows of an object the cluster already has (its Age, Conds., Rs and
   * Ri columns), read from the live object the plan was made against; every field null (absent) for
   * an object not there yet.
   *
   * @param createdAt the live object's {@code metadata.creationTimestamp}
   * @param conditions kapp's {@code x/y t}: of the object's {@code status.conditions}, how many are
   *     {@code True}; null when it has none
   * @param reconcileState kapp's {@code ok}, {@code ongoing} or {@code fail} for the live object
   *     (the wait rule of its kind, see "Waiting" in command-side/README.md)
   * @param reconcileInfo what it waits for or why it failed, {@code ""} when nothing
   */
  record LiveView(
      @JsonInclude(JsonInclude.Include.NON_NULL) String createdAt,
      @JsonInclude(JsonInclude.Include.NON_NULL) String conditions,
      @JsonInclude(JsonInclude.Include.NON_NULL) String reconcileState,
      @JsonInclude(JsonInclude.Include.NON_NULL) String reconcileInfo) {

    /** Nothing live. */
    static final LiveView NONE = new LiveView(null, null, null, null);
  }

  /** One changed field; from and to are plain JSON values. */
  record FieldView(String path, Object from, Object to, String decidedBy) {}
}
