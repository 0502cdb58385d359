package io.driftless.command.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.command.support.Api;
import io.driftless.command.support.TestCluster;
import io.driftless.security.TokenHash;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Issue 27 point 4: a rollback needs the {@code deployer} role, as a deploy does: 401 without a
 * token, 403 for a {@code viewer}, and a deployer's rollback is taken.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class RollbackRoleIT {

  private static final String DEPLOYER = "deployer-token-of-rollback-role-it";
  private static final String VIEWER = "viewer-token-of-rollback-role-it";

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    var data = java.nio.file.Path.of("target", "rollback-role-" + UUID.randomUUID());
    registry.add("driftless.data-dir", () -> data.toAbsolutePath().toString());
    var kubeconfig = TestCluster.kubeconfig();
    registry.add("driftless.cluster.kubeconfig", () -> kubeconfig);
    registry.add("driftless.security.tokens[0].name", () -> "ci");
    registry.add("driftless.security.tokens[0].hash", () -> TokenHash.of(DEPLOYER));
    registry.add("driftless.security.tokens[0].roles", () -> "deployer");
    registry.add("driftless.security.tokens[1].name", () -> "reader");
    registry.add("driftless.security.tokens[1].hash", () -> TokenHash.of(VIEWER));
    registry.add("driftless.security.tokens[1].roles", () -> "viewer");
  }

  @LocalServerPort int port;

  @Test
  void onlyADeployerRollsBack() {
    var deployer = new Api(port, DEPLOYER);
    var manifest = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: roles\ndata:\n  a: b\n";
    assertThat(deployer.deployYaml("roles", manifest).statusCode()).isEqualTo(200);
    assertThat(deployer.deployYaml("roles", manifest.replace("a: b", "a: c")).statusCode())
        .isEqualTo(200);
    var path = "/api/apps/default/roles/rollback?to=roles-change-000001";

    assertThat(new Api(port).post(path, null).statusCode()).isEqualTo(401);
    assertThat(new Api(port, VIEWER).post(path, null).statusCode()).isEqualTo(403);
    var answer = deployer.post(path, null);
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
    assertThat(answer.body()).contains("\"rolledBackTo\":\"roles-change-000001\"");
  }
}
