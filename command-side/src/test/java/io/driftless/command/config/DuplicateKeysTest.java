package io.driftless.command.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.BatchUpdateException;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** Which failed appends count as two commands racing for one aggregate sequence. */
class DuplicateKeysTest {

  private final DuplicateKeys keys = new DuplicateKeys();

  @Test
  void aUniqueViolationReportedAsABatchsNextExceptionIsADuplicateKey() {
    // H2's shape: the batch exception carries the failed row's exception as its next one.
    var batch = new BatchUpdateException("batch failed", "23505", 23505, new int[0]);
    batch.setNextException(
        new SQLException("Unique index or primary key violation", "23505", 23505));
    var wrapped = new IllegalStateException("append failed", batch);
    assertThat(keys.isDuplicateKeyViolation(wrapped)).isTrue();

    var hidden = new BatchUpdateException("batch failed", "HY000", 0, new int[0]);
    hidden.setNextException(new SQLException("Unique index violation", "23505", 23505));
    assertThat(keys.isDuplicateKeyViolation(new RuntimeException(hidden))).isTrue();
  }

  @Test
  void mariadbsDuplicateEntryIsADuplicateKey() {
    var duplicate = new SQLException("Duplicate entry 'a-2' for key", "23000", 1062);
    assertThat(keys.isDuplicateKeyViolation(new RuntimeException(duplicate))).isTrue();
  }

  @Test
  void otherConstraintViolationsAndOtherFailuresAreNot() {
    var notNull = new BatchUpdateException("batch failed", "HY000", 0, new int[0]);
    notNull.setNextException(new SQLException("NULL not allowed", "23502", 23502));
    assertThat(keys.isDuplicateKeyViolation(new RuntimeException(notNull))).isFalse();
    assertThat(
            keys.isDuplicateKeyViolation(
                new RuntimeException(new SQLException("connection reset", "08S01", 0))))
        .isFalse();
    assertThat(keys.isDuplicateKeyViolation(new IllegalStateException("no SQL at all"))).isFalse();
  }
}
