package io.driftless.command.reconcile;

import io.driftless.command.cluster.ClusterWatches;
import io.driftless.command.deploy.AppReconciler;
import io.driftless.command.drift.DriftWatch;
import io.driftless.command.plan.AggregateStates;
import io.driftless.command.secrets.SecretVault;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Wires the periodic and watch-triggered reconciles; {@code driftless.reconcile.enabled=false}
 * leaves both out (the reconcile endpoint stays).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(
    name = "driftless.reconcile.enabled",
    havingValue = "true",
    matchIfMissing = true)
class ReconcileConfig {

  @Bean
  ReconcileMetrics reconcileMetrics(ObjectProvider<MeterRegistry> registry) {
    return new ReconcileMetrics(registry.getIfAvailable(SimpleMeterRegistry::new));
  }

  @Bean(destroyMethod = "close")
  ReconcileScheduler reconcileScheduler(
      ReconcileSettings settings,
      JdbcTemplate jdbc,
      AppReconciler reconciler,
      Clock clock,
      ReconcileMetrics metrics) {
    return new ReconcileScheduler(
        settings, new ReconcileLeases(jdbc), reconciler::reconcile, clock, metrics);
  }

  /** The watch trigger; {@code driftless.reconcile.watch.enabled=false} leaves it out. */
  @Bean(destroyMethod = "close")
  @ConditionalOnProperty(
      name = "driftless.reconcile.watch.enabled",
      havingValue = "true",
      matchIfMissing = true)
  WatchTrigger watchTrigger(
      ReconcileSettings settings,
      JdbcTemplate jdbc,
      ClusterWatches watches,
      Clock clock,
      ReconcileMetrics metrics) {
    return new WatchTrigger(
        settings, watches, new OwnedKinds(jdbc, clock), new ReconcileLeases(jdbc), clock, metrics);
  }

  /**
   * The drift check of what the watches report ({@code command-side/README.md}, "Drift as events");
   * there is nothing to check without the watch trigger, which scopes the watches.
   */
  @Bean(destroyMethod = "close")
  @ConditionalOnProperty(
      name = "driftless.reconcile.watch.enabled",
      havingValue = "true",
      matchIfMissing = true)
  DriftWatch driftWatch(
      ClusterWatches watches,
      AggregateStates states,
      CommandGateway commands,
      Clock clock,
      SecretVault vault) {
    return new DriftWatch(watches, states, commands, clock, vault);
  }

  /**
   * Starts the scheduler, the drift check and the watch trigger once every singleton exists (a
   * lifecycle bean starts after the context's refresh has created them all). Started from their
   * beans' init methods instead, their threads reached lazy beans (the cluster client) while the
   * main thread was still creating others, and a start after kill -9 hung on the bean factory's
   * singleton lock (KillNineDurabilityIT, once in 20 restarts).
   */
  @Bean
  SmartLifecycle reconcileStart(
      ReconcileScheduler scheduler,
      ObjectProvider<WatchTrigger> trigger,
      ObjectProvider<DriftWatch> drift) {
    return new SmartLifecycle() {
      private volatile boolean running;

      @Override
      public void start() {
        scheduler.start();
        drift.ifAvailable(DriftWatch::start);
        trigger.ifAvailable(WatchTrigger::start);
        running = true;
      }

      @Override
      public void stop() {
        // First of the context's stops (the highest phase): no new reconcile starts, the running
        // ones finish while the command bus and the database still serve them; the beans'
        // destroy methods then stop the threads.
        running = false;
        trigger.ifAvailable(WatchTrigger::close);
        scheduler.drain(ReconcileScheduler.STOP_GRACE);
      }

      @Override
      public boolean isRunning() {
        return running;
      }
    };
  }
}
