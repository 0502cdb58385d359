package io.driftless.diff.plan;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.Fixtures;
import io.driftless.diff.config.KappConfig;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.diff.text.HmacFingerprint;
import io.driftless.diff.text.SecretRedaction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Secrets are compared by keyed fingerprints: values never reach field changes, stored redacted
 * objects match (also under an older key or as an older store's bare hash), stringData compares
 * with the data the API server stores.
 */
class SecretDiffTest {

  private final DiffEngine engine = new DiffEngine();

  private Change diff(ObjectNode desired, ObjectNode lastApplied, ObjectNode live, boolean same) {
    return engine.diff(
        new DiffInput(ResourceKey.of(desired), null, desired, lastApplied, live, same));
  }

  private static List<String> paths(Change change) {
    return DiffEngineTest.paths(change);
  }

  /** What the API server stores for a Secret: stringData folded into data. */
  private static ObjectNode stored(ObjectNode secret) {
    ObjectNode copy = secret.deepCopy();
    var strings = (ObjectNode) copy.remove("stringData");
    if (strings != null) {
      strings
          .properties()
          .forEach(
              e ->
                  copy.with("data")
                      .put(
                          e.getKey(),
                          Base64.getEncoder()
                              .encodeToString(
                                  e.getValue().textValue().getBytes(StandardCharsets.UTF_8))));
    }
    copy.with("metadata").put("resourceVersion", "77");
    return copy;
  }

  @Test
  void neverShowsSecretValuesInClear() {
    var desired = Fixtures.object("plan/secret-desired.yaml");
    var lastApplied = Fixtures.object("plan/secret-last-applied.yaml");

    var update = diff(desired, lastApplied, stored(lastApplied), false);
    var create = diff(desired, null, null, false);

    assertThat(paths(update))
        .containsExactlyInAnyOrder("data.password", "data.username", "data.api-token");
    assertThat(update.fields().toString() + create.fields())
        .doesNotContain("bmV3LXBhc3N3b3Jk", "new-password", "tok-new-4711", "dG9rLW5ldy00NzEx")
        .doesNotContain("b2xkLXBhc3N3b3Jk", "old-password", "tok-old-0815", "YWRtaW4=", "admin");
    assertThat(update.fields())
        .allSatisfy(
            f ->
                assertThat((f.from() != null ? f.from() : f.to()).textValue())
                    .startsWith("hmac-sha256:ephemeral:"));
    assertThat(update.applied().at("/data/password").textValue()).isEqualTo("bmV3LXBhc3N3b3Jk");
    assertThat(update.applied().at("/data/api-token").textValue()).isEqualTo("dG9rLW5ldy00NzEx");
    assertThat(update.applied().has("stringData")).isFalse();
  }

  @Test
  void comparesSecretsWithTheirStoredRedactedLastApplied() {
    var desired = Fixtures.object("plan/secret-desired.yaml");
    var storedLastApplied =
        SecretRedaction.redact(SecretForms.dataOnly(desired), engine.fingerprint());
    var live = stored(desired);

    assertThat(diff(desired, storedLastApplied, live, true).op()).isEqualTo(ChangeOp.NOOP);
    assertThat(diff(desired, storedLastApplied, live, false).op()).isEqualTo(ChangeOp.NOOP);
  }

  @Test
  void aValueStoredUnderAnOlderKeyIsTheSameValueAfterARotation() {
    var desired = Fixtures.object("plan/secret-desired.yaml");
    var old = new HmacFingerprint("k1", Map.of("k1", key(1)));
    var rotated = new HmacFingerprint("k2", Map.of("k1", key(1), "k2", key(2)));
    var storedLastApplied = SecretRedaction.redact(SecretForms.dataOnly(desired), old);
    var live = stored(desired);
    var rotatedEngine = new DiffEngine(KappConfig.defaults(), rotated);

    var change =
        rotatedEngine.diff(
            new DiffInput(ResourceKey.of(desired), null, desired, storedLastApplied, live, true));

    assertThat(change.op()).isEqualTo(ChangeOp.NOOP);
  }

  @Test
  void aValueStoredUnderAForgottenKeyIsAChange() {
    var desired = Fixtures.object("plan/secret-desired.yaml");
    var forgotten = new HmacFingerprint("k1", Map.of("k1", key(1)));
    var storedLastApplied = SecretRedaction.redact(SecretForms.dataOnly(desired), forgotten);
    var engineWithoutK1 =
        new DiffEngine(KappConfig.defaults(), new HmacFingerprint("k2", Map.of("k2", key(2))));

    var change =
        engineWithoutK1.diff(
            new DiffInput(
                ResourceKey.of(desired), null, desired, storedLastApplied, stored(desired), true));

    assertThat(change.op()).isEqualTo(ChangeOp.UPDATE);
  }

  /**
   * Stores written before keyed fingerprints hold bare SHA-256 hashes: data as base64, stringData
   * as plain text.
   */
  @Test
  void anOlderStoresBareHashesOfTheSameValuesAreNoChange() {
    var desired = Fixtures.object("plan/secret-desired.yaml");
    var legacy = desired.deepCopy();
    legacy
        .with("data")
        .properties()
        .forEach(e -> e.setValue(legacy.textNode(sha256(e.getValue().textValue()))));
    legacy
        .with("stringData")
        .properties()
        .forEach(e -> e.setValue(legacy.textNode(sha256(e.getValue().textValue()))));

    var change = diff(desired, legacy, stored(desired), true);

    assertThat(change.op()).isEqualTo(ChangeOp.NOOP);
  }

  @Test
  void anOlderStoresBareHashOfAnotherValueIsAChange() {
    var desired = Fixtures.object("plan/secret-desired.yaml");
    var legacy = desired.deepCopy();
    legacy.with("data").properties().forEach(e -> e.setValue(legacy.textNode(sha256("other"))));

    assertThat(diff(desired, legacy, stored(desired), true).op()).isEqualTo(ChangeOp.UPDATE);
  }

  private static String sha256(String text) {
    try {
      return "sha256:"
          + java.util.HexFormat.of()
              .formatHex(
                  java.security.MessageDigest.getInstance("SHA-256")
                      .digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static byte[] key(int fill) {
    var key = new byte[32];
    java.util.Arrays.fill(key, (byte) fill);
    return key;
  }

  @Test
  void stringDataEqualsTheDataTheServerStores() {
    var desired = Fixtures.object("plan/secret-desired.yaml");

    assertThat(diff(desired, null, stored(desired), false).op()).isEqualTo(ChangeOp.NOOP);
  }
}
