package io.driftless.command.config;

import io.driftless.diff.resources.ManifestLimits;
import io.driftless.diff.resources.ManifestParser;
import java.time.Clock;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The diff engine's parser with the configured limits, and the clock events are stamped with. */
@Configuration(proxyBeanMethods = false)
class DeployConfig {

  @Bean
  ManifestParser manifestParser(@Value("${driftless.deploy.max-resources:5000}") int maxResources) {
    return new ManifestParser(new ManifestLimits(maxResources));
  }

  @Bean
  Clock clock() {
    return Clock.systemUTC();
  }
}
