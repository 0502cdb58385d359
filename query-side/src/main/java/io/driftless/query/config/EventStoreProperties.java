package io.driftless.query.config;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code driftless.event-store.*}: the command side's event store, read-only, for gap repair. Empty
 * url: this side's own database (the standalone server, where both sides share one).
 *
 * @param startupWait how long a query side consuming RabbitMQ waits at start for the store to be
 *     reachable and created (the command side migrates it) before it refuses to start
 */
@ConfigurationProperties("driftless.event-store")
record EventStoreProperties(
    @DefaultValue("") String url,
    @DefaultValue("") String username,
    @DefaultValue("") String password,
    @DefaultValue("2m") Duration startupWait) {

  /** The url without its parameters (they may hold credentials), for messages. */
  String location() {
    var question = url.indexOf('?');
    return question < 0 ? url : url.substring(0, question);
  }
}
