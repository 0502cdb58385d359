package io.driftless.command.plan;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The newest stored event of each of a set of aggregates, read in one query per {@value #CHUNK}
 * aggregates (the unique index on aggregate and sequence number serves it) instead of a load each:
 * what {@link CachedStates} checks its states against.
 */
final class NewestEvents {

  /** How many aggregate identifiers one query asks for. */
  static final int CHUNK = 500;

  /**
   * An aggregate's newest event.
   *
   * @param sequenceNumber its sequence number, the aggregate's version
   * @param eventIdentifier its identifier, unique in every store
   */
  record Newest(long sequenceNumber, String eventIdentifier) {}

  private final JdbcClient jdbc;

  NewestEvents(DataSource dataSource) {
    this.jdbc = JdbcClient.create(dataSource);
  }

  /** The newest event of each aggregate of {@code ids} that has any; the others are left out. */
  Map<String, Newest> of(Collection<String> ids) {
    var newest = new HashMap<String, Newest>();
    var all = new ArrayList<>(ids);
    for (int from = 0; from < all.size(); from += CHUNK) {
      var chunk = all.subList(from, Math.min(all.size(), from + CHUNK));
      jdbc.sql(query(chunk.size()))
          .params(chunk)
          .query(
              row -> {
                newest.put(row.getString(1), new Newest(row.getLong(2), row.getString(3)));
              });
    }
    return newest;
  }

  private static String query(int ids) {
    var marks = String.join(", ", Collections.nCopies(ids, "?"));
    return """
        SELECT e.aggregate_identifier, e.sequence_number, e.event_identifier
        FROM domain_event_entry e
        JOIN (SELECT aggregate_identifier, MAX(sequence_number) AS seq
              FROM domain_event_entry WHERE aggregate_identifier IN (%s)
              GROUP BY aggregate_identifier) newest
          ON e.aggregate_identifier = newest.aggregate_identifier
         AND e.sequence_number = newest.seq
        """
        .formatted(marks);
  }
}
