package io.driftless.command.deploy;

import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * The event position a command answers with ({@code eventPosition}, header {@value #HEADER}): how
 * many events the event store holds once the change's last event is stored. The query side's {@code
 * Driftless-View-Position} counts the events its views applied the same way (per aggregate, the
 * next sequence expected, summed: every aggregate's events are numbered from 0 without gaps), so a
 * client waits until the view position reaches it (API.md, "Event positions").
 *
 * <p>Limit, written down: both are counts, not a watermark of the store's global order; with
 * changes of several apps at once, a view position can reach the number while another app's later
 * event is in and one of this change's is still on its way. For one client waiting for its own
 * change it is exact. The count reads the whole event table's index (one query per change).
 */
@Component
class EventPositions {

  /** The header that carries the position on the command's answer. */
  static final String HEADER = "Driftless-Event-Position";

  private final JdbcClient jdbc;

  EventPositions(DataSource dataSource) {
    this.jdbc = JdbcClient.create(dataSource);
  }

  /** The number of events stored now. */
  long current() {
    return jdbc.sql("SELECT COUNT(*) FROM domain_event_entry").query(Long.class).single();
  }
}
