package io.driftless.standalone.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.sandbox.SandboxCluster;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Issue 28, "How we will know": an operator's {@code kubectl} (the real binary on the PATH; CI
 * installs one) against the standalone server's sandbox, through the kubeconfig it writes, next to
 * the {@code driftless} CLI: {@code version}, {@code api-resources}, {@code get}, {@code describe},
 * {@code explain}; {@code edit} (with a {@code KUBE_EDITOR} script), {@code patch} (strategic,
 * merge, json) and {@code scale} of a Driftless-owned Deployment, each checked in the cluster and
 * each put back by {@code driftless reconcile}, whose history names the kubectl command that made
 * the change ({@code changedBy}: {@code kubectl-edit}, {@code kubectl-patch}, {@code kubectl} for
 * the scale subresource); {@code label} (a label Driftless does not own stays); {@code apply -f},
 * {@code diff -f}, {@code apply --server-side} and {@code delete} of an object of its own.
 */
@SpringBootTest(
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = "driftless.reconcile.enabled=false")
class KubectlOperatorIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration VIEW = Duration.ofSeconds(30);

  @DynamicPropertySource
  static void embedded(DynamicPropertyRegistry registry) throws IOException {
    var dataDir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "data-");
    registry.add("driftless.data-dir", dataDir::toString);
    registry.add("driftless.sandbox.port", () -> 0);
  }

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;
  @TempDir Path dir;

  @BeforeEach
  void kubectlIsInstalled() {
    var path = System.getenv().getOrDefault("PATH", "");
    Assumptions.assumeTrue(
        List.of(path.split(File.pathSeparator)).stream()
            .anyMatch(d -> Files.isExecutable(Path.of(d, "kubectl"))),
        "kubectl is not on the PATH");
  }

  private static String deployment(String image) {
    return """
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: ops-web
          namespace: default
        spec:
          replicas: 2
          selector:
            matchLabels:
              app: ops-web
          template:
            metadata:
              labels:
                app: ops-web
            spec:
              containers:
              - name: app
                image: %s
        """
        .formatted(image);
  }

  @Test
  void anOperatorsKubectlAgainstTheSandboxAndTheReconcileThatNamesIt() throws Exception {
    var manifest = file("ops-web.yml", deployment("nginx:1.27"));
    var deployed = cli("deploy", "-a", "ops-web", "-f", manifest);
    assertThat(deployed.exitCode()).as(deployed.toString()).isZero();

    // Reading, as against a cluster
    assertThat(kubectl("version")).contains("Server Version: v1.30");
    assertThat(kubectl("api-resources")).containsPattern("(?m)^deployments +deploy +apps/v1 ");
    assertThat(kubectl("get", "deployments")).containsPattern("(?m)^ops-web +2/2 ");
    assertThat(kubectl("describe", "deployment", "ops-web"))
        .contains("Image:")
        .contains("nginx:1.27");
    assertThat(kubectl("explain", "deployment.spec.replicas")).contains("replicas");

    // kubectl edit, then a reconcile that names it
    var editor = dir.resolve("editor.sh");
    Files.writeString(editor, "#!/bin/sh\nsed -i 's/nginx:1.27/nginx:1.28/' \"$1\"\n");
    Files.setPosixFilePermissions(editor, PosixFilePermissions.fromString("rwx------"));
    assertThat(
            run(List.of("edit", "deployment", "ops-web"), Map.of("KUBE_EDITOR", editor.toString())))
        .contains("deployment.apps/ops-web edited");
    assertThat(image()).isEqualTo("nginx:1.28");
    reconciledBackNaming("kubectl-edit", "spec.template.spec.containers[name=app].image");
    assertThat(image()).isEqualTo("nginx:1.27");

    // kubectl patch: strategic (the container by name), then json
    kubectl(
        "patch",
        "deployment",
        "ops-web",
        "-p",
        "{\"spec\":{\"template\":{\"spec\":{\"containers\":[{\"name\":\"app\","
            + "\"image\":\"nginx:1.29\"}]}}}}");
    assertThat(image()).isEqualTo("nginx:1.29");
    assertThat(live().at("/spec/template/spec/containers").size()).isEqualTo(1);
    reconciledBackNaming("kubectl-patch", "spec.template.spec.containers[name=app].image");
    assertThat(image()).isEqualTo("nginx:1.27");

    kubectl(
        "patch",
        "deployment",
        "ops-web",
        "--type=json",
        "-p",
        "[{\"op\":\"replace\",\"path\":\"/spec/replicas\",\"value\":4}]");
    assertThat(live().at("/spec/replicas").asInt()).isEqualTo(4);
    reconciledBackNaming("kubectl-patch", "spec.replicas");
    assertThat(live().at("/spec/replicas").asInt()).isEqualTo(2);

    // kubectl scale writes the scale subresource: manager "kubectl"
    kubectl("scale", "deployment", "ops-web", "--replicas=5");
    assertThat(live().at("/spec/replicas").asInt()).isEqualTo(5);
    reconciledBackNaming("kubectl", "spec.replicas");
    assertThat(live().at("/spec/replicas").asInt()).isEqualTo(2);

    // A merge patch and a label of fields Driftless does not own stay through a reconcile
    kubectl(
        "patch",
        "deployment",
        "ops-web",
        "--type=merge",
        "-p",
        "{\"metadata\":{\"annotations\":{\"team\":\"blue\"}}}");
    kubectl("label", "deployment", "ops-web", "tier=web");
    var reconcile = cli("reconcile", "-a", "ops-web", "--json");
    assertThat(reconcile.exitCode()).as(reconcile.toString()).isZero();
    assertThat(JSON.readTree(reconcile.out()).get("changeId").isNull())
        .as("nothing of the app's changed: %s", reconcile.out())
        .isTrue();
    assertThat(live().at("/metadata/annotations/team").asText()).isEqualTo("blue");
    assertThat(live().at("/metadata/labels/tier").asText()).isEqualTo("web");

    // An object of the operator's own: apply, diff, apply --server-side, delete
    var extra = file("extra.yml", configMap("slow"));
    assertThat(kubectl("apply", "-f", extra)).contains("configmap/ops-extra created");
    var changed = file("extra-fast.yml", configMap("fast"));
    var diff = run(List.of("diff", "-f", changed), Map.of(), 1);
    assertThat(diff).contains("-  mode: slow").contains("+  mode: fast");
    assertThat(configMapMode()).as("diff wrote nothing").isEqualTo("slow");
    assertThat(kubectl("apply", "--server-side", "--force-conflicts", "-f", changed))
        .contains("configmap/ops-extra serverside-applied");
    assertThat(configMapMode()).isEqualTo("fast");
    assertThat(kubectl("delete", "configmap", "ops-extra")).contains("deleted");
    assertThat(run(List.of("get", "configmap", "ops-extra"), Map.of(), 1)).contains("NotFound");
  }

  /** A reconcile puts the field back and its recorded change names {@code manager}. */
  private void reconciledBackNaming(String manager, String path) throws Exception {
    var reconcile = cli("reconcile", "-a", "ops-web", "--json");
    assertThat(reconcile.exitCode()).as(reconcile.toString()).isZero();
    var changeId = JSON.readTree(reconcile.out()).get("changeId").asText();
    await("the history of " + changeId)
        .atMost(VIEW)
        .untilAsserted(
            () -> {
              var show = cli("app-change", "show", "-a", "ops-web", changeId, "--diff");
              assertThat(show.exitCode()).as(show.toString()).isZero();
              assertThat(show.out())
                  .as(show.toString())
                  .containsPattern(
                      "(?m)^  "
                          + java.util.regex.Pattern.quote(path)
                          + ": .* \\([a-z:-]+, was set by "
                          + java.util.regex.Pattern.quote(manager)
                          + "\\)$");
            });
  }

  private static String configMap(String mode) {
    return """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: ops-extra
          namespace: default
        data:
          mode: %s
        """
        .formatted(mode);
  }

  private JsonNode live() throws Exception {
    return JSON.readTree(kubectl("get", "deployment", "ops-web", "-o", "json"));
  }

  private String image() throws Exception {
    return live().at("/spec/template/spec/containers/0/image").asText();
  }

  private String configMapMode() throws Exception {
    return JSON.readTree(kubectl("get", "configmap", "ops-extra", "-o", "json"))
        .at("/data/mode")
        .asText();
  }

  private String kubectl(String... args) throws Exception {
    return run(List.of(args), Map.of(), 0);
  }

  private String run(List<String> args, Map<String, String> environment) throws Exception {
    return run(args, environment, 0);
  }

  /** Runs kubectl with the sandbox's kubeconfig; its output, checked to end with {@code exit}. */
  private String run(List<String> args, Map<String, String> environment, int exit)
      throws Exception {
    var command = new ArrayList<String>();
    command.add("kubectl");
    command.add("--kubeconfig=" + sandbox.kubeconfig().toAbsolutePath());
    command.add("--cache-dir=" + dir.resolve("kube-cache"));
    command.addAll(args);
    var output = dir.resolve("kubectl-output.txt");
    var builder =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    builder.environment().put("HOME", dir.toString());
    builder.environment().putAll(environment);
    var process = builder.start();
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("kubectl " + args + " did not end within 60 s");
    }
    var text = Files.readString(output, StandardCharsets.UTF_8);
    assertThat(process.exitValue()).as("kubectl %s: %s", args, text).isEqualTo(exit);
    return text;
  }

  private String file(String name, String content) throws IOException {
    var path = dir.resolve(name);
    Files.writeString(path, content);
    return path.toString();
  }

  private CliRun cli(String... args) {
    return CliRun.run("http://127.0.0.1:" + port, List.of(args));
  }
}
