package io.driftless.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;

/**
 * With {@code WRITE_DELAY=0} H2 runs no background writer, so nothing rewrites the chunks that
 * single commits leave behind unless the housekeeping does. (H2 only rewrites chunks older than its
 * retention time, 45 s by default; the test sets it to 0.)
 */
class H2HousekeepingTest {

  @TempDir Path dir;

  @Test
  void rewritesTheSparseChunksThatSingleCommitsLeaveBehind() throws SQLException {
    var dataSource = new JdbcDataSource();
    dataSource.setURL("jdbc:h2:file:" + dir.resolve("db") + ";WRITE_DELAY=0;RETENTION_TIME=0");
    // An open connection keeps the database open: closing it would compact the file anyway.
    try (var connection = dataSource.getConnection()) {
      commitOneRowAtATime(connection, 2_000);

      assertThat(new H2Housekeeping(dataSource).rewriteSparseChunks()).isTrue();
    }
  }

  @Test
  void leavesOtherDataSourcesAlone() {
    // Not H2 (no driver at all): the housekeeping logs and carries on.
    assertThat(new H2Housekeeping(new SimpleDriverDataSource()).rewriteSparseChunks()).isFalse();
  }

  private static void commitOneRowAtATime(Connection connection, int rows) throws SQLException {
    try (var statement = connection.createStatement()) {
      statement.execute("CREATE TABLE event (id INT PRIMARY KEY, payload VARCHAR(500))");
      for (int i = 0; i < rows; i++) {
        statement.execute("INSERT INTO event VALUES (" + i + ", REPEAT('x', 400))");
      }
    }
  }
}
