package io.driftless.diff.plan;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.driftless.diff.resources.ResourceKey;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ChangeSetTest {

  private static Change change(String name, ChangeOp op) {
    var key = new ResourceKey("", "ConfigMap", "default", name);
    var applied = op == ChangeOp.DELETE ? null : JsonNodeFactory.instance.objectNode();
    return Change.of(key, "v1", op, List.of(), applied, null, applied);
  }

  @Test
  void countsEveryOpAndWaitIncludingZeros() {
    var set = new ChangeSet(List.of(change("a", ChangeOp.CREATE), change("b", ChangeOp.CREATE)));

    assertThat(set.opCounts())
        .containsExactly(
            Map.entry(ChangeOp.CREATE, 2),
            Map.entry(ChangeOp.UPDATE, 0),
            Map.entry(ChangeOp.DELETE, 0),
            Map.entry(ChangeOp.NOOP, 0),
            Map.entry(ChangeOp.EXISTS, 0));
    assertThat(set.waitCounts())
        .containsEntry(WaitOp.RECONCILE, 2)
        .containsEntry(WaitOp.DELETE, 0)
        .containsEntry(WaitOp.NOOP, 0);
  }

  @Test
  void summarisesInKappsFormat() {
    var set =
        new ChangeSet(
            List.of(
                change("a", ChangeOp.CREATE),
                change("b", ChangeOp.UPDATE),
                change("c", ChangeOp.NOOP),
                change("d", ChangeOp.EXISTS),
                change("e", ChangeOp.DELETE),
                change("f", ChangeOp.CREATE)));

    // the unchanged c waits for nothing, so kapp neither lists nor counts it; exists waits to
    // reconcile (kapp's ClusterChange.WaitOp)
    assertThat(set.summary())
        .isEqualTo(
            "Op: 2 create, 1 delete, 1 update, 0 noop, 1 exists / Wait to: 4 reconcile, 1 delete, 0 noop");
  }

  @Test
  void countsANoopThatWaitsAsKappDoes() {
    var unchanged = change("a", ChangeOp.NOOP);
    var waiting =
        new Change(
            unchanged.key(),
            "v1",
            ChangeOp.NOOP,
            WaitOp.RECONCILE,
            "",
            List.of(),
            unchanged.applied(),
            null,
            unchanged.applied());
    var set = new ChangeSet(List.of(unchanged, waiting));

    assertThat(set.shown()).containsExactly(waiting);
    assertThat(set.summary())
        .isEqualTo(
            "Op: 0 create, 0 delete, 0 update, 1 noop, 0 exists / Wait to: 1 reconcile, 0 delete, 0 noop");
  }

  @Test
  void hasChangesOnlyWhenSomethingMustBeWrittenOrWaitedFor() {
    var quiet = new ChangeSet(List.of(change("a", ChangeOp.NOOP)));
    var busy = new ChangeSet(List.of(change("a", ChangeOp.NOOP), change("b", ChangeOp.DELETE)));
    var waiting = new ChangeSet(List.of(change("a", ChangeOp.NOOP), change("b", ChangeOp.EXISTS)));

    assertThat(quiet.hasChanges()).isFalse();
    assertThat(busy.hasChanges()).isTrue();
    assertThat(waiting.hasChanges()).isTrue();
    assertThat(new ChangeSet(List.of()).hasChanges()).isFalse();
  }

  @Test
  void showsTheChangesKappListsInOrder() {
    var set =
        new ChangeSet(
            List.of(
                change("a", ChangeOp.NOOP),
                change("b", ChangeOp.UPDATE),
                change("c", ChangeOp.NOOP),
                change("d", ChangeOp.EXISTS),
                change("e", ChangeOp.DELETE)));

    assertThat(set.shown()).extracting(c -> c.key().name()).containsExactly("b", "d", "e");
    assertThat(set.changes()).hasSize(5);
  }

  @Test
  void namesOpsInLowercaseOnTheWire() {
    assertThat(ChangeOp.EXISTS.wireName()).isEqualTo("exists");
    assertThat(WaitOp.RECONCILE.wireName()).isEqualTo("reconcile");
    assertThat(ChangeOp.UPDATE.waitTo()).isEqualTo(WaitOp.RECONCILE);
    assertThat(ChangeOp.DELETE.waitTo()).isEqualTo(WaitOp.DELETE);
    assertThat(ChangeOp.EXISTS.waitTo()).isEqualTo(WaitOp.RECONCILE);
    assertThat(ChangeOp.NOOP.waitTo()).isEqualTo(WaitOp.NOOP);
  }
}
