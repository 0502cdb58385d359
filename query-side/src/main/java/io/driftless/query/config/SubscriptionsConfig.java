package io.driftless.query.config;

import io.driftless.diff.text.SecretKeys;
import io.driftless.query.subscription.Deliveries;
import io.driftless.query.subscription.DeliveryDispatcher;
import io.driftless.query.subscription.SecretSeal;
import io.driftless.query.subscription.SubscriptionMetrics;
import io.driftless.query.subscription.SubscriptionSettings;
import io.driftless.query.subscription.SubscriptionStore;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Webhook subscriptions (issue 30): the store, the dispatcher and their metrics. The secrets are
 * sealed with the server's key ring: the command side's in the standalone server; else {@code
 * driftless.secrets.key} and {@code .old-keys}, as the command side reads them; else an existing
 * key file ({@code driftless.secrets.key-file}, default {@code <data-dir>/secrets.key}). Without
 * any, subscriptions cannot be created ({@code 409 no_secret_key}).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SubscriptionSettings.class)
class SubscriptionsConfig {

  @Bean
  SubscriptionStore subscriptionStore(
      DataSource dataSource,
      SubscriptionSettings settings,
      ObjectProvider<SecretKeys> commandSideKeys,
      Environment environment) {
    var keys = Optional.ofNullable(commandSideKeys.getIfAvailable()).or(() -> keys(environment));
    return new SubscriptionStore(
        JdbcClient.create(dataSource), settings, keys.map(SecretSeal::new));
  }

  private static Optional<SecretKeys> keys(Environment environment) {
    var old = environment.getProperty("driftless.secrets.old-keys", List.class, List.of());
    var older = old.stream().map(String::valueOf).toList();
    var key = environment.getProperty("driftless.secrets.key", "");
    if (!key.isBlank()) {
      return Optional.of(SecretKeys.of(key, older));
    }
    var dataDir = environment.getProperty("driftless.data-dir", "./data");
    var file =
        Path.of(environment.getProperty("driftless.secrets.key-file", dataDir + "/secrets.key"));
    if (!Files.exists(file)) {
      return Optional.empty();
    }
    try {
      return Optional.of(
          SecretKeys.of(Files.readString(file, StandardCharsets.US_ASCII).strip(), older));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the Secret key file " + file, e);
    }
  }

  @Bean
  Deliveries deliveries(DataSource dataSource) {
    return new Deliveries(JdbcClient.create(dataSource));
  }

  @Bean
  SubscriptionMetrics subscriptionMetrics(MeterRegistry registry) {
    return new SubscriptionMetrics(registry);
  }

  @Bean
  DeliveryDispatcher deliveryDispatcher(
      Deliveries deliveries,
      SubscriptionStore store,
      SubscriptionSettings settings,
      SubscriptionMetrics metrics) {
    return new DeliveryDispatcher(deliveries, store, settings, metrics);
  }
}
