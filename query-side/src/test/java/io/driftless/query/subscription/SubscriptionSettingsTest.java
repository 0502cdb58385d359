package io.driftless.query.subscription;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.diff.text.SecretKeys;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

class SubscriptionSettingsTest {

  @Test
  void theBackoffStartsAtOneSecondDoublesAndIsCappedAtTenMinutes() {
    var settings = SubscriptionSettings.defaults();

    assertThat(settings.backoff(1)).isEqualTo(Duration.ofSeconds(1));
    assertThat(settings.backoff(2)).isEqualTo(Duration.ofSeconds(2));
    assertThat(settings.backoff(5)).isEqualTo(Duration.ofSeconds(16));
    assertThat(settings.backoff(10)).isEqualTo(Duration.ofSeconds(512));
    assertThat(settings.backoff(11)).isEqualTo(Duration.ofMinutes(10));
    assertThat(settings.backoff(400)).isEqualTo(Duration.ofMinutes(10));
    assertThat(settings.timeout()).isEqualTo(Duration.ofSeconds(10));
    assertThat(settings.giveUpAfter()).isEqualTo(Duration.ofHours(24));
  }

  @Test
  void theSignatureIsTheHexHmacOfTimeDotBody() {
    // HMAC-SHA256("key", "The quick brown fox jumps over the lazy dog"), the well-known vector.
    assertThat(Signature.hmac("key", "The quick brown fox jumps over the lazy dog"))
        .isEqualTo("f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8");
    assertThat(Signature.header("key", 12, "{}"))
        .isEqualTo("t=12,v1=" + Signature.hmac("key", "12.{}"));
  }

  @Test
  void aSealedSecretOpensForItsSubscriptionOnly() {
    var seal =
        new SecretSeal(SecretKeys.of(Base64.getEncoder().encodeToString(new byte[32]), List.of()));

    var sealed = seal.seal("sub-a", "the secret");

    assertThat(sealed.ciphertext()).doesNotContain("the secret");
    assertThat(seal.open("sub-a", sealed)).isEqualTo("the secret");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> seal.open("sub-b", sealed))
        .isInstanceOf(IllegalStateException.class);
  }
}
