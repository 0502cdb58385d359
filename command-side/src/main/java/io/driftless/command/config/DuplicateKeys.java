package io.driftless.command.config;

import java.sql.SQLException;
import org.axonframework.common.jdbc.PersistenceExceptionResolver;
import org.axonframework.eventsourcing.eventstore.jdbc.JdbcSQLErrorCodesResolver;

/**
 * Tells Axon which failed appends are duplicate keys, so that two commands racing for the same
 * aggregate sequence make the loser's append a {@code ConcurrencyException} (the deploy API's 409
 * {@code change_in_progress}) rather than an {@code EventStoreException} (a 500). Axon's {@link
 * JdbcSQLErrorCodesResolver} looks at the exception's causes; Axon appends in a JDBC batch, and H2
 * reports a batch's failed row as the batch exception's <em>next</em> exception, which it misses.
 * This also walks each {@link SQLException}'s next exceptions, and counts only unique-key
 * violations: SQL state 23505 (H2, and the SQL standard) or MariaDB's error 1062, not other
 * constraint violations.
 */
final class DuplicateKeys implements PersistenceExceptionResolver {

  private static final int MARIADB_DUPLICATE_ENTRY = 1062;

  private final JdbcSQLErrorCodesResolver axon = new JdbcSQLErrorCodesResolver();

  @Override
  public boolean isDuplicateKeyViolation(Exception exception) {
    if (axon.isDuplicateKeyViolation(exception)) {
      return true;
    }
    for (Throwable cause = exception; cause != null; cause = cause.getCause()) {
      if (cause instanceof SQLException sql) {
        for (var next = sql; next != null; next = next.getNextException()) {
          if ("23505".equals(next.getSQLState())
              || next.getErrorCode() == MARIADB_DUPLICATE_ENTRY) {
            return true;
          }
        }
      }
      if (cause.getCause() == cause) {
        break;
      }
    }
    return false;
  }
}
