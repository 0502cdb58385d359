package io.driftless.security;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Issue 32 point 1: what Tomcat quotes of a request leaves the log line, the rest stays. */
class RequestDataRedactionTest {

  private static final String TOKEN = "3f9a0c7e1b2d4c6e8f0a1b2c3d4e5f60";

  @Test
  void takesOutAQuotedHeaderLine() {
    var line =
        "The HTTP header line [Authorization:Bearer "
            + TOKEN
            + "0x0d] does not conform to RFC 9112. The request has been rejected.";

    assertThat(RequestDataRedaction.redact(line))
        .isEqualTo(
            "The HTTP header line [<not shown: 57 characters>] does not conform to RFC 9112. The"
                + " request has been rejected.");
  }

  @Test
  void cutsToTheLastBracketWhenTheValueHoldsOne() {
    var line = "HTTP header [x], Value [Bearer a]" + TOKEN + "], more";

    assertThat(RequestDataRedaction.redact(line)).doesNotContain(TOKEN).endsWith("], more");
  }

  @Test
  void cutsToTheEndWithoutAClosingBracket() {
    assertThat(RequestDataRedaction.redact("Received [GET / HTTP/1.1 Authorization: " + TOKEN))
        .isEqualTo("Received [<not shown: 62 characters>]");
  }

  @Test
  void keepsStateNamesNumbersAndPlainText() {
    assertThat(RequestDataRedaction.redact("Error state [CLOSE_CLEAN] reported, socket [42]"))
        .isEqualTo("Error state [CLOSE_CLEAN] reported, socket [42]");
    assertThat(RequestDataRedaction.redact("Error parsing HTTP request header"))
        .isEqualTo("Error parsing HTTP request header");
  }

  @Test
  void redactsExceptionMessagesAlongTheChain() {
    var cause = new IllegalStateException("line [Bearer " + TOKEN + "]");
    var thrown =
        RedactedThrowable.of(new IllegalArgumentException("header [" + TOKEN + "]", cause));

    assertThat(thrown.getMessage())
        .isEqualTo("java.lang.IllegalArgumentException: header [<not shown: 32 characters>]");
    assertThat(thrown.getCause().getMessage()).doesNotContain(TOKEN);
    assertThat(thrown.getStackTrace()).isNotEmpty();
  }
}
