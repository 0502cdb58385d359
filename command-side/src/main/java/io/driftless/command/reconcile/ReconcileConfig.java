package io.driftless.command.reconcile;

import io.driftless.command.deploy.AppReconciler;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Wires the periodic reconciles; {@code driftless.reconcile.enabled=false} leaves them out (the
 * reconcile endpoint stays).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(
    name = "driftless.reconcile.enabled",
    havingValue = "true",
    matchIfMissing = true)
class ReconcileConfig {

  @Bean(initMethod = "start", destroyMethod = "close")
  ReconcileScheduler reconcileScheduler(
      ReconcileSettings settings,
      JdbcTemplate jdbc,
      AppReconciler reconciler,
      Clock clock,
      ObjectProvider<MeterRegistry> registry) {
    return new ReconcileScheduler(
        settings,
        new ReconcileLeases(jdbc),
        reconciler::reconcile,
        clock,
        new ReconcileMetrics(registry.getIfAvailable(SimpleMeterRegistry::new)));
  }
}
