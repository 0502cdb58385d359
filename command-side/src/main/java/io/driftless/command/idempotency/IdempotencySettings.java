package io.driftless.command.idempotency;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of safe retries ({@code driftless.idempotency.*}).
 *
 * @param retention how long a key is remembered after its change started (default 24 h, as Stripe
 *     keeps keys); an older key is forgotten and a request with it starts a new change
 */
@ConfigurationProperties("driftless.idempotency")
public record IdempotencySettings(Duration retention) {

  /** Fills in the default. */
  public IdempotencySettings {
    retention = retention == null ? Duration.ofHours(24) : retention;
  }
}
