package io.driftless.query.overview;

import java.time.Instant;
import java.util.Optional;
import org.springframework.jdbc.BadSqlGrammarException;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * When each app was last reconciled and with what result. The command side records it per app in
 * its own table {@code reconcile_lease} (command-side migration {@code V10__reconcile_lease.sql}),
 * with no event per reconcile; the query side reads it read-only from the event store's database,
 * as gap repair and rebuilds read that database. A store without the table (a command side from
 * before periodic reconciles) or a row without a reconcile yet gives nothing.
 */
public final class LastReconciles implements AutoCloseable {

  /**
   * An app's last reconcile.
   *
   * @param at when it ended (the command side's clock)
   * @param result {@code noop}, {@code applied}, {@code failed}, {@code busy} or {@code gone}
   * @param changeId the change it recorded when it applied something, else null
   * @param error why it failed, else null
   */
  public record LastReconcile(Instant at, String result, String changeId, String error) {}

  private final JdbcClient store;
  private final AutoCloseable pool;

  /**
   * @param store the event store's database, read-only
   */
  public LastReconciles(JdbcClient store) {
    this(store, () -> {});
  }

  /**
   * @param store the event store's database, read-only
   * @param pool what {@link #close} closes: the connections to the store opened for these reads
   */
  public LastReconciles(JdbcClient store, AutoCloseable pool) {
    this.store = store;
    this.pool = pool;
  }

  @Override
  public void close() throws Exception {
    pool.close();
  }

  /** The app's last reconcile, if the store knows one. */
  public Optional<LastReconcile> of(String appId) {
    try {
      return store
          .sql(
              "SELECT last_reconciled_at, last_result, last_change_id, last_error"
                  + " FROM reconcile_lease WHERE app_id = ? AND last_reconciled_at IS NOT NULL")
          .param(appId)
          .query(
              (rs, row) ->
                  new LastReconcile(
                      Instant.ofEpochMilli(rs.getLong(1)),
                      rs.getString(2),
                      rs.getString(3),
                      rs.getString(4)))
          .optional();
    } catch (BadSqlGrammarException e) {
      // no reconcile_lease (or an older shape of it) in this store: nothing to tell
      return Optional.empty();
    }
  }
}
