/**
 * Wiring: Axon's JDBC event store and token store (declared here because Axon 4.13's
 * auto-configuration misses Boot 4's relocated DataSource classes), the cluster gateway (on a
 * kubeconfig), the diff engine's parser. No business logic.
 */
package io.driftless.command.config;
