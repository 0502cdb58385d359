package io.driftless.query.projection;

import java.util.OptionalLong;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * {@code projection_offset}: the last sequence each view applied per source aggregate. Reads lock
 * the row ({@code FOR UPDATE}) so two consumers handling events of one aggregate serialise here.
 */
final class OffsetStore {

  private OffsetStore() {}

  static OptionalLong lastApplied(JdbcClient jdbc, String projection, String aggregateId) {
    return jdbc.sql(
            "SELECT last_sequence FROM projection_offset"
                + " WHERE projection = ? AND aggregate_id = ? FOR UPDATE")
        .params(projection, aggregateId)
        .query(Long.class)
        .optional()
        .map(OptionalLong::of)
        .orElse(OptionalLong.empty());
  }

  static void advance(JdbcClient jdbc, String projection, String aggregateId, long sequence) {
    if (sequence == 0) {
      jdbc.sql(
              "INSERT INTO projection_offset (projection, aggregate_id, last_sequence)"
                  + " VALUES (?, ?, 0)")
          .params(projection, aggregateId)
          .update();
      return;
    }
    var updated =
        jdbc.sql(
                "UPDATE projection_offset SET last_sequence = ?"
                    + " WHERE projection = ? AND aggregate_id = ? AND last_sequence = ?")
            .params(sequence, projection, aggregateId, sequence - 1)
            .update();
    if (updated != 1) {
      throw new IllegalStateException(
          "offset of " + projection + "/" + aggregateId + " moved under us at " + sequence);
    }
  }
}
