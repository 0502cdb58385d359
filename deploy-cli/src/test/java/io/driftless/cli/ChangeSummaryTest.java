package io.driftless.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ChangeSummaryTest {

  @Test
  void marksClusterScopedResourcesAndEmptyCells() {
    var answer =
        Json.readObject(
            """
            {"changeId": "c-1", "dryRun": false, "description": "d",
             "changes": [{"namespace": "", "name": "team-a", "kind": "Namespace", "op": "create",
                          "waitTo": ""}]}
            """);

    assertThat(ChangeSummary.render(answer).lines())
        .startsWith(
            "Namespace  Name    Kind       Op      Wait to", //
            "(cluster)  team-a  Namespace  create  -");
  }

  @Test
  void saysNoChangesAndNoChangeIdWhenNothingChanged() {
    var answer =
        Json.readObject(
            """
            {"changeId": null, "dryRun": false, "description": "update: Op: 0 create", \
            "changes": []}
            """);

    assertThat(ChangeSummary.render(answer))
        .isEqualTo("No changes.\n\nupdate: Op: 0 create\nChange ID: none (nothing changed)\n");
  }

  @Test
  void saysADryRunHasNoChangeId() {
    var answer =
        Json.readObject(
            """
            {"changeId": null, "dryRun": true, "description": "d",
             "changes": [{"namespace": "default", "name": "a", "kind": "Service", "op": "create",
                          "waitTo": "reconcile"}]}
            """);

    assertThat(ChangeSummary.render(answer)).endsWith("\nChange ID: none (dry run)\n");
  }
}
