package io.driftless.query.projection;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

/**
 * {@link MultiRow#where} and {@link MultiRow#selectWhere} on H2, the embedded views' database: one
 * key per statement, each answered from the primary key rather than by a scan of the table.
 */
class MultiRowH2Test {

  private static final String CONDITION = "fork_node = ? AND side = ? AND resource_id = ?";

  private SingleConnectionDataSource dataSource;
  private ViewJdbc jdbc;

  @BeforeEach
  void table() {
    dataSource =
        new SingleConnectionDataSource(
            "jdbc:h2:mem:multirow-"
                + UUID.randomUUID()
                + ";MODE=MariaDB;DATABASE_TO_LOWER=TRUE;NON_KEYWORDS=VALUE",
            "sa",
            "",
            true);
    jdbc = ViewJdbc.of(dataSource);
    jdbc.sql(
            "CREATE TABLE span (fork_node BIGINT NOT NULL, side SMALLINT NOT NULL,"
                + " resource_id VARCHAR(544) NOT NULL, payload VARCHAR(64) NOT NULL,"
                + " PRIMARY KEY (fork_node, side, resource_id))")
        .update();
    var rows = new ArrayList<Object[]>();
    for (int i = 0; i < 600; i++) {
      rows.add(new Object[] {(long) (i % 7), i % 2, "res-" + i, "p" + i});
    }
    MultiRow.insert(jdbc, "INSERT INTO span VALUES ", rows, "");
  }

  @AfterEach
  void close() {
    dataSource.destroy();
  }

  @Test
  void onH2KeysAreReadOneAtATimeElsewhereTheChunksStay() {
    assertThat(jdbc.dialect()).isEqualTo(Dialect.H2);
    assertThat(MultiRow.keyByKey(jdbc)).isTrue();
    // a client that is not the views' own cannot tell its database: the chunks as before
    assertThat(MultiRow.keyByKey(JdbcClient.create(dataSource))).isFalse();
  }

  @Test
  void offsetsAreLockedKeyByKeyEachFromThePrimaryKey() {
    jdbc.sql(
            "CREATE TABLE projection_offset (projection VARCHAR(64) NOT NULL,"
                + " aggregate_id VARCHAR(544) NOT NULL, last_sequence BIGINT NOT NULL,"
                + " PRIMARY KEY (projection, aggregate_id))")
        .update();
    var rows = new ArrayList<Object[]>();
    for (var view : List.of("history", "inventory", "overview")) {
      for (int i = 0; i < 300; i++) {
        rows.add(new Object[] {view, "agg-" + i, (long) i});
      }
    }
    MultiRow.insert(jdbc, "INSERT INTO projection_offset VALUES ", rows, "");

    var locked =
        OffsetStore.lock(
            jdbc, List.of("overview", "history"), List.of("agg-7", "agg-299", "agg-none"));

    assertThat(locked)
        .containsOnly(
            org.assertj.core.api.Assertions.entry(new OffsetStore.Key("history", "agg-7"), 7L),
            org.assertj.core.api.Assertions.entry(new OffsetStore.Key("history", "agg-299"), 299L),
            org.assertj.core.api.Assertions.entry(new OffsetStore.Key("overview", "agg-7"), 7L),
            org.assertj.core.api.Assertions.entry(
                new OffsetStore.Key("overview", "agg-299"), 299L));
    var plan =
        jdbc.sql(
                "EXPLAIN SELECT projection, aggregate_id, last_sequence FROM projection_offset"
                    + " WHERE projection = ? AND aggregate_id = ? FOR UPDATE")
            .params("history", "agg-7")
            .query(String.class)
            .single();
    assertThat(plan)
        .contains("projection = ")
        .contains("aggregate_id = ")
        .doesNotContain("tableScan");
  }

  @Test
  void oneConditionIsALookupInThePrimaryKeyWhereTheirOrIsAScan() {
    var one = plan("DELETE FROM span WHERE (" + CONDITION + ")", 1);
    var two = plan("DELETE FROM span WHERE (" + CONDITION + ") OR (" + CONDITION + ")", 2);

    assertThat(one).containsIgnoringCase("primary_key").doesNotContain("tableScan");
    // why MultiRow sends one key per statement on H2; should H2 learn to read this OR from the
    // index, this fails and the chunks can come back
    assertThat(two).contains("tableScan");
  }

  @Test
  void whereDeletesExactlyTheGivenKeysAcrossMoreThanAChunk() {
    var gone = new ArrayList<Object[]>();
    for (int i = 0; i < 600; i += 2) {
      gone.add(new Object[] {(long) (i % 7), i % 2, "res-" + i});
    }
    // a key that matches no row (wrong side) deletes nothing
    gone.add(new Object[] {1L, 1, "res-1"});
    gone.add(new Object[] {1L, 0, "res-1"});

    var deleted = MultiRow.where(jdbc, "DELETE FROM span WHERE ", CONDITION, gone, "");

    assertThat(deleted).isEqualTo(301);
    var left = jdbc.sql("SELECT resource_id FROM span ORDER BY resource_id").query(String.class);
    assertThat(left.list()).hasSize(299).allMatch(id -> Integer.parseInt(id.substring(4)) % 2 == 1);
    assertThat(left.list()).doesNotContain("res-1");
  }

  @Test
  void selectWhereHandsEveryMatchingRowOnce() {
    var keys = new ArrayList<Object[]>();
    for (int i = 0; i < 10; i++) {
      keys.add(new Object[] {(long) (i % 7), i % 2, "res-" + i});
    }
    keys.add(new Object[] {0L, 1, "res-0"});
    var payloads = new ArrayList<String>();

    MultiRow.selectWhere(
        jdbc,
        "SELECT payload FROM span WHERE ",
        CONDITION,
        keys,
        "",
        rs -> {
          payloads.add(rs.getString(1));
        });

    assertThat(payloads)
        .containsExactly("p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9");
  }

  private String plan(String sql, int keys) {
    var params = new ArrayList<Object>();
    for (int i = 0; i < keys; i++) {
      params.addAll(List.of(3L, 1, "res-" + i));
    }
    return jdbc.sql("EXPLAIN " + sql).params(params).query(String.class).single();
  }
}
