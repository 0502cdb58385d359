package io.driftless.command.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.command.support.TestCluster;
import io.driftless.events.testing.LocalServices;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** {@link FirstDeployRace} on a fresh MariaDB database with a sandbox cluster. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class FirstDeployRaceMariaDbIT {

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    registry.add(
        "spring.datasource.url", () -> LocalServices.freshDatabase("driftless_first_race_it"));
    registry.add("spring.datasource.username", LocalServices::jdbcUser);
    registry.add("spring.datasource.password", LocalServices::jdbcPassword);
    var kubeconfig = TestCluster.kubeconfig();
    registry.add("driftless.cluster.kubeconfig", () -> kubeconfig);
    registry.add("driftless.reconcile.enabled", () -> "false");
  }

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;

  @Test
  void racingFirstDeploysOfANewAppStartOneChangeAndTheLosersGet409() throws Exception {
    var refused = new FirstDeployRace(port, jdbc).runRounds();

    assertThat(refused).as("the race was run: some deploys were refused").isPositive();
  }
}
