package io.driftless.query.rebuild;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

class ServerPreparedTest {

  @Test
  void turnsServerSidePreparedStatementsOnForMariaDbOnly() {
    assertThat(ServerPrepared.url("jdbc:mariadb://db:3306/views"))
        .isEqualTo("jdbc:mariadb://db:3306/views?useServerPrepStmts=true");
    assertThat(ServerPrepared.url("jdbc:mariadb://db/views?createDatabaseIfNotExist=true"))
        .isEqualTo("jdbc:mariadb://db/views?createDatabaseIfNotExist=true&useServerPrepStmts=true");
    assertThat(ServerPrepared.url("jdbc:mariadb://db/views?useServerPrepStmts=false"))
        .as("an operator's own choice stays")
        .isEqualTo("jdbc:mariadb://db/views?useServerPrepStmts=false");
    assertThat(ServerPrepared.url("jdbc:h2:file:/data/views;MODE=MariaDB"))
        .isEqualTo("jdbc:h2:file:/data/views;MODE=MariaDB");
  }

  @Test
  void opensUnpooledConnectionsToTheSameMariaDbDatabase() {
    try (var pool = new HikariDataSource()) {
      pool.setJdbcUrl("jdbc:mariadb://127.0.0.1:3306/views");
      pool.setUsername("driftless");
      pool.setPassword("secret");
      var bulk = ServerPrepared.of(pool);
      assertThat(bulk).isInstanceOf(DriverManagerDataSource.class);
      var connections = (DriverManagerDataSource) bulk;
      assertThat(connections.getUrl())
          .isEqualTo("jdbc:mariadb://127.0.0.1:3306/views?useServerPrepStmts=true");
      assertThat(connections.getUsername()).isEqualTo("driftless");
      assertThat(connections.getPassword()).isEqualTo("secret");
    }
  }

  @Test
  void leavesH2AndUnknownDataSourcesAlone() {
    try (var pool = new HikariDataSource()) {
      pool.setJdbcUrl("jdbc:h2:mem:views");
      assertThat(ServerPrepared.of(pool)).isSameAs(pool);
    }
    var plain = new DriverManagerDataSource("jdbc:mariadb://127.0.0.1/views");
    assertThat(ServerPrepared.of(plain)).isSameAs(plain);
  }
}
