package io.driftless.command.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;

/** The {@code Idempotency-Key} header's form (README, "Safe retries"). */
class IdempotencyKeyHeaderTest {

  private static MockHttpServletRequest with(String... keys) {
    var request = new MockHttpServletRequest("POST", "/api/apps/default/app/deploy");
    for (var key : keys) {
      request.addHeader(IdempotencyKeyHeader.NAME, key);
    }
    return request;
  }

  @Test
  void noHeaderIsNoKey() {
    assertThat(IdempotencyKeyHeader.read(with())).isNull();
  }

  @Test
  void printableAsciiUpTo255CharactersIsAKey() {
    assertThat(IdempotencyKeyHeader.read(with("3f1c9a5e-0b7d-4c1e-9a43-2f8b6d0e7c15")))
        .isEqualTo("3f1c9a5e-0b7d-4c1e-9a43-2f8b6d0e7c15");
    assertThat(IdempotencyKeyHeader.read(with("deploy #7 of ci/job:42 ~ retry")))
        .isEqualTo("deploy #7 of ci/job:42 ~ retry");
    assertThat(IdempotencyKeyHeader.read(with("k".repeat(255)))).hasSize(255);
  }

  @Test
  void emptyTooLongNonAsciiControlCharactersOrTwiceAreRefusedWithoutEchoingTheKey() {
    for (var bad : new String[] {"", "k".repeat(256), "clé", "tab\there", "nul\u0000"}) {
      assertThatThrownBy(() -> IdempotencyKeyHeader.read(with(bad)))
          .as(bad)
          .isInstanceOf(BadParameterException.class)
          .satisfies(
              e ->
                  assertThat(((BadParameterException) e).details())
                      .singleElement()
                      .asString()
                      .startsWith("Idempotency-Key: ")
                      .doesNotContain(bad.isEmpty() ? "\u0001" : bad));
    }
    assertThatThrownBy(() -> IdempotencyKeyHeader.read(with("a", "b")))
        .isInstanceOf(BadParameterException.class)
        .hasMessageContaining("one value");
  }
}
