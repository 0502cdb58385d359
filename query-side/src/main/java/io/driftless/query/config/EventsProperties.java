package io.driftless.query.config;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code driftless.events.*}: what both sides agree on. The command side's relay reads the same key
 * (env {@code DRIFTLESS_EVENTS_EXCHANGE}).
 *
 * @param exchange the topic exchange the relay publishes to and the work queue is bound to
 */
@ConfigurationProperties("driftless.events")
record EventsProperties(@DefaultValue("driftless.events") String exchange) {}
