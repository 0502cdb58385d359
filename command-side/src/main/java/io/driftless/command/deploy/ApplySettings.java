package io.driftless.command.deploy;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How changes are applied ({@code driftless.deploy.*}).
 *
 * @param applyConcurrency how many changes of one apply wave are written at once (kapp's {@code
 *     --apply-concurrency}, default 5); 1 writes them one after the other
 */
@ConfigurationProperties("driftless.deploy")
public record ApplySettings(Integer applyConcurrency) {

  /** Fills in the default and refuses a value below 1. */
  public ApplySettings {
    applyConcurrency = applyConcurrency == null ? 5 : applyConcurrency;
    if (applyConcurrency < 1) {
      throw new IllegalArgumentException(
          "driftless.deploy.apply-concurrency must be at least 1, not " + applyConcurrency);
    }
  }
}
