package io.driftless.query.config;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code driftless.rebuild.*}: how a rebuild reads the event store.
 *
 * @param batchSize events per read and per shadow transaction
 * @param maxEventsPerSecond a ceiling on the rebuild's rate, to spare a busy store; 0 for none
 * @param busyEventsPerSecond the ceiling while deploys write to the store; 0 for none
 * @param busyWindow how long after the store last grew it still counts as busy
 * @param nice the nice value of the rebuild's threads on Linux (0 to 19; 0 leaves it)
 */
@ConfigurationProperties("driftless.rebuild")
record RebuildProperties(
    @DefaultValue("10000") int batchSize,
    @DefaultValue("0") long maxEventsPerSecond,
    @DefaultValue("0") long busyEventsPerSecond,
    @DefaultValue("5s") Duration busyWindow,
    @DefaultValue("19") int nice) {}
