/**
 * Wiring: Axon's JDBC event store and token store (declared here because Axon 4.13's
 * auto-configuration misses Boot 4's relocated DataSource classes), the diff engine's parser. The
 * cluster gateway's wiring is in {@code io.driftless.command.cluster}, the only package that knows
 * fabric8. No business logic.
 */
package io.driftless.command.config;
