package io.driftless.command.config;

import io.driftless.command.deploy.DeployLimits;
import io.driftless.diff.resources.ManifestParser;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The diff engine's parser with the configured limits, and the clock events are stamped with. */
@Configuration(proxyBeanMethods = false)
class DeployConfig {

  @Bean
  ManifestParser manifestParser(DeployLimits limits) {
    return new ManifestParser(limits.manifestLimits());
  }

  @Bean
  Clock clock() {
    return Clock.systemUTC();
  }
}
