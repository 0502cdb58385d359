package io.driftless.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * A server whose profile requires tokens and has none stops with one clear paragraph (the failure
 * analyzer registered in META-INF/spring.factories), not only a bean creation trace.
 */
@ExtendWith(OutputCaptureExtension.class)
class RefusedStartTest {

  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class Server {}

  @Test
  void noTokensWhereRequiredIsExplainedAtStart(CapturedOutput output) {
    assertThatThrownBy(
            () ->
                new SpringApplicationBuilder(Server.class)
                    .web(WebApplicationType.SERVLET)
                    .run(
                        "--server.port=0",
                        "--server.address=127.0.0.1",
                        "--driftless.security.required=true"))
        .rootCause()
        .isInstanceOf(SecuritySettingsException.class);
    assertThat(output.getOut())
        .contains("APPLICATION FAILED TO START")
        .contains(DriftlessSecurityAutoConfiguration.NO_TOKENS)
        .contains("DRIFTLESS_SECURITY_TOKENS_0_HASH=sha256:");
  }
}
