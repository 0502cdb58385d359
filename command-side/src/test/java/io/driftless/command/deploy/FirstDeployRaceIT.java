package io.driftless.command.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.command.support.TestCluster;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** {@link FirstDeployRace} on the embedded defaults (H2) with a sandbox cluster. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class FirstDeployRaceIT {

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    var data = Path.of("target", "first-race-" + UUID.randomUUID()).toAbsolutePath();
    registry.add("driftless.data-dir", data::toString);
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
