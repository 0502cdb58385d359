package io.driftless.command.deploy;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/**
 * The answer of deploy, reconcile and delete, as API.md shows it. {@code ops}, {@code wait} and
 * {@code changes} are what kapp shows ({@code ChangeSet#shown()}); {@code warnings} is always
 * present (unknown {@code kapp.k14s.io/} annotations; empty when none).
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
    List<String> warnings) {

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
      @JsonInclude(JsonInclude.Include.NON_NULL) String result) {}

  /** One changed field; from and to are plain JSON values. */
  record FieldView(String path, Object from, Object to, String decidedBy) {}
}
