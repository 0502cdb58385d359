package io.driftless.command.config;

import io.driftless.command.deploy.DeployLimits;
import io.driftless.diff.resources.ManifestParser;
import java.time.Clock;
import org.springframework.boot.tomcat.TomcatConnectorCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The diff engine's parser with the configured limits, the query characters Tomcat lets through and
 * the clock events are stamped with. Tomcat's own refusals answer in the API's error shape through
 * web-security's {@code ApiErrorsAutoConfiguration}, for both sides.
 */
@Configuration(proxyBeanMethods = false)
class DeployConfig {

  @Bean
  ManifestParser manifestParser(DeployLimits limits) {
    return new ManifestParser(limits.manifestLimits());
  }

  /**
   * Lets Tomcat pass the JSON characters of a {@code diffFilter} that curl sends unencoded ({@code
   * ?diffFilter={"ops":["update"]}}, with {@code -g}). Tomcat refuses them by default with its own
   * HTML 400 before the API sees the request; the parameter parser decodes them like any other.
   */
  @Bean
  TomcatConnectorCustomizer relaxedQueryCharacters() {
    return connector -> connector.setProperty("relaxedQueryChars", "{}[]\"\\|");
  }

  @Bean
  Clock clock() {
    return Clock.systemUTC();
  }
}
