package io.driftless.command.change;

import io.driftless.shared.DaemonThreads;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * The event position a command answers with ({@code eventPosition}, header {@value #HEADER}): how
 * many events the event store holds once the change's last event is stored. The query side's {@code
 * Driftless-View-Position} counts the events its views applied the same way (per aggregate, the
 * next sequence expected, summed: every aggregate's events are numbered from 0 without gaps), so a
 * client waits until the view position reaches it (API.md, "Event positions").
 *
 * <p>Counting the whole table per answer cost a full index scan: on a store of a million events,
 * 100 to 250 ms of the database's CPU per deploy (found by the rebuild's deploy-latency benchmark,
 * query-side/BENCHMARK.md). So the count is a base, counted in full at most every {@link
 * #RECOUNT_NANOS} up to the highest global index at that moment, plus the events after that index
 * (a range scan of the primary key's newest part). An event stored below the base's index after the
 * base was counted (a transaction that committed late, out of index order) is counted at the next
 * full count.
 *
 * <p>Limit, written down: both are counts, not a watermark of the store's global order; with
 * changes of several apps at once, a view position can reach the number while another app's later
 * event is in and one of this change's is still on its way. For one client waiting for its own
 * change it is exact.
 */
@Component
public class EventPositions {

  private static final Logger log = LoggerFactory.getLogger(EventPositions.class);

  /** The header that carries the position on the command's answer. */
  public static final String HEADER = "Driftless-Event-Position";

  /** How often the base is counted in full: 60 s. */
  static final long RECOUNT_NANOS = 60_000_000_000L;

  private final JdbcClient jdbc;
  private final long recountNanos;
  private Base base;
  private boolean recounting;

  /** One thread for the full counts of every instance (there is one per server). */
  private static final Executor RECOUNTS =
      Executors.newSingleThreadExecutor(DaemonThreads.named("event-position-recount"));

  @Autowired
  EventPositions(DataSource dataSource) {
    this(dataSource, RECOUNT_NANOS);
  }

  EventPositions(DataSource dataSource, long recountNanos) {
    this.jdbc = JdbcClient.create(dataSource);
    this.recountNanos = recountNanos;
  }

  /** The events up to a global index, counted at a moment. */
  private record Base(long globalIndex, long count, long countedAt) {}

  /** The number of events stored now. */
  public long current() {
    var from = base();
    return from.count()
        + jdbc.sql("SELECT COUNT(*) FROM domain_event_entry WHERE global_index > ?")
            .param(from.globalIndex())
            .query(Long.class)
            .single();
  }

  /**
   * The base; the first one is counted here, later ones in the background when the base is older
   * than the recount period (a full count of a large store takes seconds when its pages are not
   * cached, and no answer waits for it).
   */
  private Base base() {
    synchronized (this) {
      if (base == null) {
        base = count();
        return base;
      }
      if (recounting || System.nanoTime() - base.countedAt() <= recountNanos) {
        return base;
      }
      recounting = true;
    }
    RECOUNTS.execute(
        () -> {
          try {
            var fresh = count();
            synchronized (this) {
              base = fresh;
            }
          } catch (RuntimeException e) {
            log.warn("Counting the event store failed; the last count stays: {}", e.getMessage());
          } finally {
            synchronized (this) {
              recounting = false;
            }
          }
        });
    synchronized (this) {
      return base;
    }
  }

  private Base count() {
    var top =
        jdbc.sql("SELECT COALESCE(MAX(global_index), 0) FROM domain_event_entry")
            .query(Long.class)
            .single();
    var count =
        jdbc.sql("SELECT COUNT(*) FROM domain_event_entry WHERE global_index <= ?")
            .param(top)
            .query(Long.class)
            .single();
    return new Base(top, count, System.nanoTime());
  }
}
