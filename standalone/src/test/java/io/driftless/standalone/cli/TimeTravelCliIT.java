package io.driftless.standalone.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Issue 27 end to end through the {@code driftless} CLI against the standalone server (embedded
 * defaults, sandbox cluster), as an operator asks the ledger its questions: who changed the app and
 * from which commit ({@code app-change list}), what differs between two changes ({@code app-change
 * diff}), what was desired at a change and at a time ({@code inspect}), which app ran an image then
 * ({@code inventory}), put it back as it was ({@code rollback}: the sandbox holds exactly v1's
 * objects and the old Secret value), freeze it ({@code lock}: deploys refused, reconciles run), and
 * bring a deleted app back ({@code rollback} after {@code delete}); {@code audit} lists it all.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class TimeTravelCliIT {

  private static final String COMMIT = "0123456789abcdef0123456789abcdef01234567";

  @DynamicPropertySource
  static void embedded(DynamicPropertyRegistry registry) throws IOException {
    var dataDir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "data-");
    registry.add("driftless.data-dir", dataDir::toString);
    registry.add("driftless.sandbox.port", () -> 0);
  }

  @LocalServerPort int port;
  @Autowired KubernetesClient cluster;
  @TempDir Path dir;

  @Test
  void theLedgerAnswersWhoWhatWhenAndPutsTheAppBackAsItWas() throws Exception {
    var v1 = file("v1.yml", manifest("calm", "nginx:1.25", "old-canary", false));
    var v2 = file("v2.yml", manifest("busy", "nginx:1.26", "old-canary", true));
    var v3 = file("v3.yml", manifest("busy", "nginx:1.26", "new-canary", true));

    ok(
        cli(
            "deploy",
            "-a",
            "shop",
            "-f",
            v1,
            "-m",
            "first release",
            "--meta",
            "git.commit=" + COMMIT));
    var v1Objects = owned();
    var afterV1 = Instant.now();
    ok(cli("deploy", "-a", "shop", "-f", v2, "-m", "second release", "--no-auto-meta"));
    ok(cli("deploy", "-a", "shop", "-f", v3, "-m", "rotate the password", "--no-auto-meta"));
    assertThat(owned()).isNotEqualTo(v1Objects).containsKey("ConfigMap/shop-extra");

    // Who and which commit.
    var list = ok(cli("app-change", "list", "-a", "shop"));
    assertThat(list.out()).contains("anonymous").contains(COMMIT.substring(0, 7));
    var first = ok(cli("app-change", "show", "-a", "shop", "shop-change-000001"));
    assertThat(first.out()).contains("first release").contains("git.commit");

    // What differs between the first and the third change, Secret values never shown.
    var diff =
        ok(cli("app-change", "diff", "-a", "shop", "shop-change-000001", "shop-change-000003"));
    assertThat(diff.out())
        .containsPattern("(?m)^(default|\\^) +shop-extra +ConfigMap .* create")
        .containsPattern("(?m)^(default|\\^) +shop-conf +ConfigMap .* update")
        .doesNotContain("old-canary")
        .doesNotContain("new-canary");

    // What was desired after the first change, and at a time between the first and the second.
    var asOfChange = ok(cli("inspect", "-a", "shop", "--change", "shop-change-000001"));
    assertThat(asOfChange.out())
        .contains("shop-conf")
        .contains("shop-web")
        .doesNotContain("shop-extra");
    var asOfTime = ok(cli("inspect", "-a", "shop", "--at", afterV1.toString()));
    assertThat(asOfTime.out()).contains("shop-change-000001").doesNotContain("shop-extra");

    // Which app ran which image, now and then.
    assertThat(ok(cli("inventory", "--image", "nginx:1.26")).out()).contains("shop-web");
    assertThat(ok(cli("inventory", "--image", "nginx:1.25")).out()).doesNotContain("shop-web");
    assertThat(ok(cli("inventory", "--image", "nginx:1.25", "--at", afterV1.toString())).out())
        .contains("shop-web");

    // Put it back as it was: exactly v1's objects, the old Secret value from its seal.
    var rollback =
        ok(
            cli(
                "rollback",
                "-a",
                "shop",
                "--to",
                "shop-change-000001",
                "--yes",
                "-m",
                "back to v1"));
    assertThat(rollback.out()).endsWith("Succeeded\n");
    assertThat(owned()).isEqualTo(v1Objects);
    assertThat(owned().get("Secret/shop-creds")).containsEntry("password", "old-canary");
    var recorded = ok(cli("app-change", "show", "-a", "shop", "shop-change-000004"));
    assertThat(recorded.out())
        .contains("rollback")
        .contains("shop-change-000001")
        .contains("back to v1");
    assertThat(ok(cli("deploy", "-a", "shop", "-f", v1)).out())
        .contains("Op:      0 create, 0 delete, 0 update, 0 noop, 0 exists");

    // A change freeze: deploys refused with the lock's words, reconciles still run.
    ok(cli("lock", "-a", "shop", "--reason", "incident 7"));
    var refused = cli("deploy", "-a", "shop", "-f", v2);
    assertThat(refused.exitCode()).as(refused.toString()).isNotZero();
    assertThat(refused.out() + refused.err()).contains("locked").contains("incident 7");
    assertThat(owned()).isEqualTo(v1Objects);
    ok(cli("reconcile", "-a", "shop"));
    ok(cli("unlock", "-a", "shop"));

    // A deleted app comes back by a rollback to its last change before the delete (the rollback:
    // the lock and unlock rows after it changed no desired set, and are refused as targets).
    ok(cli("delete", "-a", "shop"));
    assertThat(owned()).isEmpty();
    var unlockRow = cli("rollback", "-a", "shop", "--to", "shop-change-000006", "--yes");
    assertThat(unlockRow.exitCode()).as(unlockRow.toString()).isNotZero();
    assertThat(unlockRow.err()).contains("unlock row");
    ok(cli("rollback", "-a", "shop", "--to", "shop-change-000004", "--yes"));
    assertThat(owned()).isEqualTo(v1Objects);

    var audit = ok(cli("audit", "--app", "default/shop"));
    assertThat(audit.out())
        .contains("rollback")
        .contains("lock")
        .contains("unlock")
        .contains("delete")
        .contains("deploy");
  }

  /** The app's ConfigMaps, Secrets (decoded) and Deployments' images in the sandbox. */
  private Map<String, Map<String, String>> owned() {
    var label = "shop.default";
    var objects = new TreeMap<String, Map<String, String>>();
    cluster
        .configMaps()
        .inNamespace("default")
        .withLabel("driftless.io/app", label)
        .list()
        .getItems()
        .forEach(c -> objects.put("ConfigMap/" + c.getMetadata().getName(), c.getData()));
    cluster
        .secrets()
        .inNamespace("default")
        .withLabel("driftless.io/app", label)
        .list()
        .getItems()
        .forEach(s -> objects.put("Secret/" + s.getMetadata().getName(), decoded(s.getData())));
    cluster
        .apps()
        .deployments()
        .inNamespace("default")
        .withLabel("driftless.io/app", label)
        .list()
        .getItems()
        .forEach(
            d ->
                objects.put(
                    "Deployment/" + d.getMetadata().getName(),
                    Map.of(
                        "image",
                        d.getSpec().getTemplate().getSpec().getContainers().get(0).getImage())));
    return objects;
  }

  private static Map<String, String> decoded(Map<String, String> data) {
    var plain = new TreeMap<String, String>();
    data.forEach(
        (k, v) -> plain.put(k, new String(Base64.getDecoder().decode(v), StandardCharsets.UTF_8)));
    return plain;
  }

  private static String manifest(String mode, String image, String password, boolean extra) {
    var yaml =
        """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: shop-conf
        data:
          mode: %s
        ---
        apiVersion: v1
        kind: Secret
        metadata:
          name: shop-creds
        stringData:
          password: %s
        ---
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: shop-web
        spec:
          selector:
            matchLabels:
              app: shop-web
          template:
            metadata:
              labels:
                app: shop-web
            spec:
              containers:
              - name: web
                image: %s
        """
            .formatted(mode, password, image);
    return extra
        ? yaml
            + "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: shop-extra\ndata:\n  a: b\n"
        : yaml;
  }

  private String file(String name, String content) throws IOException {
    var path = dir.resolve(name);
    Files.writeString(path, content);
    return path.toString();
  }

  private static CliRun ok(CliRun run) {
    assertThat(run.exitCode()).as(run.toString()).isZero();
    return run;
  }

  private CliRun cli(String... args) {
    return CliRun.run(server(), List.of(args));
  }

  private String server() {
    return "http://127.0.0.1:" + port;
  }
}
