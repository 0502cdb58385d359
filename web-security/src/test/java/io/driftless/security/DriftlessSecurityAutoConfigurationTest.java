package io.driftless.security;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.security.web.SecurityFilterChain;

/** When the server starts and how: open, secured, or refused. */
class DriftlessSecurityAutoConfigurationTest {

  private final WebApplicationContextRunner runner =
      new WebApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(DriftlessSecurityAutoConfiguration.class));

  @Test
  void requiredWithoutTokensRefusesToStart() {
    runner
        .withPropertyValues("driftless.security.required=true")
        .run(
            context ->
                assertThat(context)
                    .hasFailed()
                    .getFailure()
                    .rootCause()
                    .hasMessage(DriftlessSecurityAutoConfiguration.NO_TOKENS));
  }

  @Test
  void requiredWithTheDangerousOptOutStartsOpen() {
    runner
        .withPropertyValues(
            "driftless.security.required=true", "driftless.security.dangerous-allow-open=true")
        .run(
            context -> assertThat(context).hasNotFailed().hasSingleBean(SecurityFilterChain.class));
  }

  @Test
  void tokensBindFromProperties() {
    runner
        .withPropertyValues(
            "driftless.security.required=true",
            "driftless.security.tokens[0].name=ci",
            "driftless.security.tokens[0].hash=" + TokenHash.of("t0k3n-for-the-binding-test"),
            "driftless.security.tokens[0].roles=deployer,viewer")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              var store = context.getBean(TokenStore.class);
              assertThat(store.find("t0k3n-for-the-binding-test"))
                  .get()
                  .extracting(TokenStore.Entry::roles)
                  .asList()
                  .containsExactly(Role.DEPLOYER, Role.VIEWER);
            });
  }
}
