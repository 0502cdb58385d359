package io.driftless.query.support;

import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * Holds the history view's offset row of one aggregate locked ({@code SELECT ... FOR UPDATE} in an
 * open transaction), so a consumer's batch with that aggregate's next event waits in the database
 * with the message in its hands, until {@link #close} rolls back.
 */
public final class OffsetLock implements AutoCloseable {

  private final Connection connection;

  public OffsetLock(DataSource views, String aggregateId) throws SQLException {
    connection = views.getConnection();
    connection.setAutoCommit(false);
    try (var statement =
        connection.prepareStatement(
            "SELECT last_sequence FROM projection_offset"
                + " WHERE projection = 'history' AND aggregate_id = ? FOR UPDATE")) {
      statement.setString(1, aggregateId);
      try (var rows = statement.executeQuery()) {
        if (!rows.next()) {
          throw new IllegalStateException("no offset row of " + aggregateId + " to lock");
        }
      }
    }
  }

  /** Releases the lock (again: nothing). */
  @Override
  public void close() throws SQLException {
    if (connection.isClosed()) {
      return;
    }
    try {
      connection.rollback();
    } finally {
      connection.close();
    }
  }
}
