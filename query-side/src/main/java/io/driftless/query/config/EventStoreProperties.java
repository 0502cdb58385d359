package io.driftless.query.config;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code driftless.event-store.*}: the command side's event store, read-only, for gap repair. Empty
 * url: this side's own database (the standalone server, where both sides share one).
 */
@ConfigurationProperties("driftless.event-store")
record EventStoreProperties(
    @DefaultValue("") String url,
    @DefaultValue("") String username,
    @DefaultValue("") String password) {

  /** The url without its parameters (they may hold credentials), for messages. */
  String location() {
    var question = url.indexOf('?');
    return question < 0 ? url : url.substring(0, question);
  }
}
