package io.driftless.diff.plan;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.Fixtures;
import io.driftless.diff.resources.ResourceKey;
import java.util.ArrayList;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The reference cases of {@code shared/diff-cases} that v1 semantics already decide right, copied
 * to {@code plan/cases/}: op and the set of changed paths. Left for the three-way issue: the {@code
 * applied} checks (v1 applies the desired object as is, not a merge with live) and the cases 05 (no
 * last-applied), 18a (live changed behind our back) and 21a (rebase rule).
 */
class ReferenceCasesTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final DiffEngine engine = new DiffEngine();

  @ParameterizedTest
  @ValueSource(
      strings = {
        "01-kubectl-scale-kept-field-cleared",
        "02-kubectl-scalar-list-replaced",
        "07-jsonmergepatch-add-and-delete",
        "09-jsonmergepatch-replace-scalar-list",
        "11-injected-sidecar-noop",
        "14-service-nodeport-set-remotely",
        "15-field-removed-locally",
        "17-service-clusterip-allocated",
        "19-empty-annotations-equal-absent",
        "22-crd-status-and-defaults",
        "26-create-new"
      })
  void decidesOpAndChangedPathsLikeTheReference(String name) throws Exception {
    String dir = "plan/cases/" + name + "/";
    ObjectNode desired = Fixtures.object(dir + "desired.yaml");
    JsonNode expected = JSON.readTree(Fixtures.text(dir + "expected.json"));

    var change =
        engine.diff(
            ResourceKey.of(desired),
            null,
            desired,
            optional(dir + "last-applied.yaml"),
            optional(dir + "live.yaml"));

    assertThat(change.op().wireName()).isEqualTo(expected.get("op").textValue());
    if (change.op() != ChangeOp.CREATE) {
      var changed = new ArrayList<String>();
      expected.get("changed").forEach(path -> changed.add(path.textValue()));
      assertThat(DiffEngineTest.paths(change)).containsExactlyInAnyOrderElementsOf(changed);
    }
  }

  private static ObjectNode optional(String path) {
    try {
      return Fixtures.object(path);
    } catch (IllegalArgumentException absent) {
      return null;
    }
  }
}
