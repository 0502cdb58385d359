package io.driftless.command.relay;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The id of this side's event store ({@code event_store_id}, written once by the migration that
 * creates it), read when first asked: after the migrations ran, before the first publish.
 */
final class StoreIdentity {

  private final JdbcTemplate jdbc;
  private volatile String id;

  StoreIdentity(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  String id() {
    var known = id;
    if (known == null) {
      known = jdbc.queryForObject("SELECT id FROM event_store_id", String.class);
      id = known;
    }
    return known;
  }
}
