package io.driftless.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ChangesViewTest {

  private static final Colors PLAIN = new Colors(false);

  @Test
  void marksClusterScopedResourcesAndEmptyCells() {
    var answer =
        Json.readObject(
            """
            {"changes": [{"namespace": "", "name": "team-a", "kind": "Namespace", "op": "create",
                          "waitTo": ""}]}
            """);

    assertThat(ChangesView.render(answer, PLAIN).lines())
        .contains(
            "Namespace  Name    Kind       Conds.  Age  Op      Op st.  Wait to  Rs  Ri",
            "(cluster)  team-a  Namespace  -       -    create  -       -        -   -");
  }

  @Test
  void printsAnEmptyTableAndZeroCountsWhenNothingChanges() {
    var answer = Json.readObject("{\"changes\": []}");

    assertThat(ChangesView.render(answer, PLAIN))
        .isEqualTo(
            """
            Changes

            Namespace  Name  Kind  Conds.  Age  Op  Op st.  Wait to  Rs  Ri

            Op:      0 create, 0 delete, 0 update, 0 noop, 0 exists
            Wait to: 0 reconcile, 0 delete, 0 noop
            """);
  }

  @Test
  void printsNoOpForANoopThatOnlyWaitsAndCountsIt() {
    var answer =
        Json.readObject(
            """
            {"changes": [{"namespace": "default", "name": "db", "kind": "Secret", "op": "noop",
                          "waitTo": "reconcile"}]}
            """);

    assertThat(ChangesView.render(answer, PLAIN))
        .contains("default    db    Secret  -       -    -   -       reconcile  -   -")
        .contains("0 update, 1 noop, 0 exists");
  }

  @Test
  void colorsOpsWithoutBreakingTheColumns() {
    var answer =
        Json.readObject(
            """
            {"changes": [{"namespace": "default", "name": "a", "kind": "Service", "op": "delete",
                          "waitTo": "delete"}]}
            """);

    var lines = ChangesView.render(answer, new Colors(true)).lines().toList();

    assertThat(lines.get(3)).contains("\u001b[31mdelete\u001b[0m  -       delete");
  }

  @Test
  void printsTheServersDiffHeaderOnceAndAddsKappsWhenItHasNone() {
    var answer =
        Json.readObject(
            """
            {"changes": [
              {"namespace": "default", "name": "a", "kind": "ConfigMap", "apiVersion": "v1",
               "op": "create", "diff": "@@ create configmap/a (v1) namespace: default @@\\n  0 + x\\n"},
              {"namespace": "", "name": "ns", "kind": "Namespace", "apiVersion": "v1",
               "op": "create", "diff": "  0 + y\\n"}]}
            """);

    assertThat(ChangesView.diffs(answer))
        .isEqualTo(
            """
            @@ create configmap/a (v1) namespace: default @@
              0 + x

            @@ create namespace/ns (v1) cluster @@
              0 + y

            """);
  }
}
