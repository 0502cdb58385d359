package io.driftless.query.api;

import io.driftless.events.ResourceIds;
import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Which apps the views know: every app whose first change they applied. A deleted app stays known,
 * so its history and inventory remain readable (its overview is gone).
 */
@Component
public class KnownApps {

  private final JdbcClient jdbc;

  KnownApps(DataSource dataSource) {
    this.jdbc = JdbcClient.create(dataSource);
  }

  /**
   * @throws NotFoundException if the views know no app {@code namespace/app}
   */
  public void require(String namespace, String app) {
    var appId = ResourceIds.appId(namespace, app);
    var known =
        jdbc.sql("SELECT COUNT(*) FROM app_overview WHERE app_id = ?")
                .param(appId)
                .query(Long.class)
                .single()
            > 0;
    if (!known) {
      throw new NotFoundException("app " + appId + " is not in the views");
    }
  }
}
