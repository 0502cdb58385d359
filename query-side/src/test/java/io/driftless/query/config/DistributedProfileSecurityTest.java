package io.driftless.query.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.security.DriftlessSecurityAutoConfiguration;
import io.driftless.security.TokenHash;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.ConfigDataApplicationContextInitializer;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;

/**
 * The `distributed` profile of this side's application.yml requires API tokens (issue 14 point 1):
 * without any the server refuses to start with a message that says what to set; with one it starts.
 * Only the security wiring runs (the profile's database and broker are not needed for it).
 */
class DistributedProfileSecurityTest {

  private final WebApplicationContextRunner distributed =
      new WebApplicationContextRunner()
          .withInitializer(new ConfigDataApplicationContextInitializer())
          .withConfiguration(AutoConfigurations.of(DriftlessSecurityAutoConfiguration.class))
          .withPropertyValues("spring.profiles.active=distributed");

  @Test
  void refusesToStartWithoutTokens() {
    distributed.run(
        context ->
            assertThat(context)
                .hasFailed()
                .getFailure()
                .rootCause()
                .hasMessageStartingWith("No API tokens configured, and this profile requires them")
                .hasMessageContaining("driftless.security.tokens[0].name"));
  }

  @Test
  void startsWithAToken() {
    distributed
        .withPropertyValues(
            "driftless.security.tokens[0].name=ops",
            "driftless.security.tokens[0].hash=" + TokenHash.of("a-token-for-this-test"),
            "driftless.security.tokens[0].roles=admin")
        .run(context -> assertThat(context).hasNotFailed());
  }

  @Test
  void embeddedDefaultStartsOpenOnLoopback() {
    new WebApplicationContextRunner()
        .withInitializer(new ConfigDataApplicationContextInitializer())
        .withConfiguration(AutoConfigurations.of(DriftlessSecurityAutoConfiguration.class))
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context.getEnvironment().getProperty("server.address"))
                  .isEqualTo("127.0.0.1");
            });
  }
}
