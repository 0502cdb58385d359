package io.driftless.standalone.kappexamples;

import org.springframework.test.context.TestPropertySource;

/**
 * {@link GatekeeperExampleIT} with {@code driftless.deploy.apply-concurrency=1}: kapp retries an
 * {@code exists} change that is not there yet and goes on with the other changes of its wave
 * ({@code clusterapply/exists_change.go}), so even one write at a time must apply the
 * ConstraintTemplate while the placeholder is missing; waiting on the placeholder in the only
 * worker would wait for a CRD that only the ConstraintTemplate brings. A few reconciles only: one
 * that writes nothing has no concurrency to test, and {@link GatekeeperExampleIT} runs the long
 * count.
 */
@TestPropertySource(properties = "driftless.deploy.apply-concurrency=1")
class GatekeeperOneAtATimeIT extends GatekeeperExampleIT {

  private static final int RECONCILES_HERE = 3;

  @Override
  int reconciles() {
    return RECONCILES_HERE;
  }
}
