package io.driftless.diff.plan;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.Fixtures;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.diff.text.SecretRedaction;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Secrets are compared by hash: values never reach field changes, stored redacted objects match.
 */
class SecretDiffTest {

  private final DiffEngine engine = new DiffEngine();

  private Change diff(ObjectNode desired, ObjectNode lastApplied, ObjectNode live) {
    return engine.diff(ResourceKey.of(desired), null, desired, lastApplied, live);
  }

  private static List<String> paths(Change change) {
    return DiffEngineTest.paths(change);
  }

  @Test
  void neverShowsSecretValuesInClear() {
    var desired = Fixtures.object("plan/secret-desired.yaml");
    var lastApplied = Fixtures.object("plan/secret-last-applied.yaml");

    var update = diff(desired, lastApplied, lastApplied);
    var create = diff(desired, null, null);

    assertThat(paths(update))
        .containsExactlyInAnyOrder("data.password", "data.username", "stringData.api-token");
    assertThat(update.fields().toString() + create.fields())
        .doesNotContain("bmV3LXBhc3N3b3Jk", "new-password", "tok-new-4711")
        .doesNotContain("b2xkLXBhc3N3b3Jk", "old-password", "tok-old-0815", "YWRtaW4=", "admin");
    assertThat(update.fields())
        .allSatisfy(
            f ->
                assertThat((f.from() != null ? f.from() : f.to()).textValue())
                    .startsWith("sha256:"));
    assertThat(update.applied().at("/data/password").textValue()).isEqualTo("bmV3LXBhc3N3b3Jk");
  }

  @Test
  void comparesSecretsWithTheirStoredRedactedLastApplied() {
    var desired = Fixtures.object("plan/secret-desired.yaml");
    var storedLastApplied = SecretRedaction.redact(desired);
    var live = desired.deepCopy();
    live.with("metadata").put("resourceVersion", "77");

    assertThat(diff(desired, storedLastApplied, live).op()).isEqualTo(ChangeOp.NOOP);
  }
}
