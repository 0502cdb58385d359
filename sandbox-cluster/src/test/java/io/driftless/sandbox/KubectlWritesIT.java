package io.driftless.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.driftless.sandbox.objects.Nodes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real {@code kubectl} binary against the sandbox, through the kubeconfig it writes (issue 28):
 * patch (strategic, merge, json), replace, scale, label, annotate, edit, delete, client-side and
 * server-side apply, each checked in the stored object and in the managedFields manager kubectl's
 * write left. Skipped where no kubectl is installed.
 *
 * <p>kubectl finds the types through the sandbox's discovery and validates against its OpenAPI
 * documents, as against a cluster ({@link KubectlIT} covers the reads).
 */
class KubectlWritesIT {

  private static final Path KUBECTL = findKubectl();

  private static final String DEPLOYMENT =
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: web
        labels: {app: web}
      spec:
        replicas: 1
        selector: {matchLabels: {app: web}}
        template:
          metadata: {labels: {app: web}}
          spec:
            containers:
            - name: web
              image: nginx:1.25
              ports: [{containerPort: 80}]
              env: [{name: A, value: "1"}]
            - name: log
              image: busybox:1.36
      """;

  private static final String CONFIG_MAP =
      """
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: settings
      data:
        mode: slow
      """;

  @TempDir Path dir;

  private SandboxFixture cluster;
  private Path cache;

  @BeforeEach
  void start() throws Exception {
    Assumptions.assumeTrue(KUBECTL != null, "kubectl is not installed");
    cluster = SandboxFixture.start(dir, Set.of());
    cache = dir.resolve("kube-cache");
    kubectl("create", "-f", file("web.yaml", DEPLOYMENT));
    kubectl("create", "-f", file("settings.yaml", CONFIG_MAP));
  }

  @AfterEach
  void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Test
  void patchStrategicMergesContainersByName() throws Exception {
    var out =
        kubectl(
            "patch",
            "deployment",
            "web",
            "-p",
            "{\"spec\":{\"template\":{\"spec\":{\"containers\":[{\"name\":\"web\","
                + "\"image\":\"nginx:1.27\",\"env\":[{\"name\":\"B\",\"value\":\"2\"}]}]}}}}");

    assertThat(out).contains("deployment.apps/web patched");
    var web = get("deployments.v1.apps", "web");
    var containers = web.at("/spec/template/spec/containers");
    assertThat(names(containers)).containsExactly("web", "log");
    assertThat(containers.get(0).path("image").asText()).isEqualTo("nginx:1.27");
    // a new item of a merged list comes before the stored ones, as the API server places it
    assertThat(names(containers.get(0).path("env"))).containsExactly("B", "A");
    assertThat(containers.get(1).path("image").asText()).isEqualTo("busybox:1.36");
    assertThat(managers(web)).contains("kubectl-create", "kubectl-patch");
  }

  @Test
  void patchMergeAndJsonReplaceWhatTheyName() throws Exception {
    kubectl(
        "patch",
        "deployment",
        "web",
        "--type",
        "merge",
        "-p",
        "{\"spec\":{\"template\":{\"spec\":{\"containers\":[{\"name\":\"only\",\"image\":\"x:1\"}]}}}}");
    kubectl(
        "patch",
        "deployment",
        "web",
        "--type",
        "json",
        "-p",
        "[{\"op\":\"replace\",\"path\":\"/spec/replicas\",\"value\":4}]");

    var web = get("deployments.v1.apps", "web");
    assertThat(names(web.at("/spec/template/spec/containers"))).containsExactly("only");
    assertThat(web.at("/spec/replicas").asInt()).isEqualTo(4);
    assertThat(fieldsOf(web, "kubectl-patch").at("/f:spec").has("f:replicas")).isTrue();
  }

  @Test
  void replaceFromAFile() throws Exception {
    var out =
        kubectl(
            "replace",
            "-f",
            file("settings2.yaml", CONFIG_MAP.replace("mode: slow", "mode: fast")));

    assertThat(out).contains("configmap/settings replaced");
    var settings = get("configmaps", "settings");
    assertThat(settings.at("/data/mode").asText()).isEqualTo("fast");
    assertThat(fieldsOf(settings, "kubectl-replace").toString())
        .isEqualTo("{\"f:data\":{\"f:mode\":{}}}");
  }

  @Test
  void scaleThroughTheScaleSubresource() throws Exception {
    var out = kubectl("scale", "deployment", "web", "--replicas=3");

    assertThat(out).contains("deployment.apps/web scaled");
    var web = get("deployments.v1.apps", "web");
    assertThat(web.at("/spec/replicas").asInt()).isEqualTo(3);
    // kubectl scale sends no fieldManager: the User-Agent's product names it
    var entry = entry(web, "kubectl");
    assertThat(entry.path("subresource").asText()).isEqualTo("scale");
    assertThat(entry.at("/fieldsV1").toString()).isEqualTo("{\"f:spec\":{\"f:replicas\":{}}}");
  }

  @Test
  void labelAndAnnotate() throws Exception {
    kubectl("label", "deployment", "web", "tier=front");
    kubectl("annotate", "configmap", "settings", "owner=team-a");

    var web = get("deployments.v1.apps", "web");
    assertThat(web.at("/metadata/labels/tier").asText()).isEqualTo("front");
    assertThat(fieldsOf(web, "kubectl-label").toString())
        .isEqualTo("{\"f:metadata\":{\"f:labels\":{\"f:tier\":{}}}}");
    var settings = get("configmaps", "settings");
    assertThat(settings.at("/metadata/annotations/owner").asText()).isEqualTo("team-a");
    assertThat(fieldsOf(settings, "kubectl-annotate").toString())
        .isEqualTo("{\"f:metadata\":{\"f:annotations\":{\".\":{},\"f:owner\":{}}}}");
  }

  @Test
  void editWithAnEditorScript() throws Exception {
    var editor = dir.resolve("editor.sh");
    Files.writeString(editor, "#!/bin/sh\nsed -i 's/mode: slow/mode: edited/' \"$1\"\n");
    Files.setPosixFilePermissions(editor, PosixFilePermissions.fromString("rwx------"));

    var out = run(List.of("edit", "configmap", "settings"), editor.toString());

    assertThat(out).contains("configmap/settings edited");
    var settings = get("configmaps", "settings");
    assertThat(settings.at("/data/mode").asText()).isEqualTo("edited");
    assertThat(fieldsOf(settings, "kubectl-edit").toString())
        .isEqualTo("{\"f:data\":{\"f:mode\":{}}}");
  }

  @Test
  void deleteAndServerDryRun() throws Exception {
    var dry = kubectl("delete", "deployment", "web", "--dry-run=server");
    assertThat(dry).contains("deleted (server dry run)");
    assertThat(get("deployments.v1.apps", "web").at("/metadata/name").asText()).isEqualTo("web");

    var out = kubectl("delete", "deployment", "web");

    assertThat(out).contains("deployment.apps \"web\" deleted");
    assertThat(
            run(
                List.of("get", "deployments.v1.apps", "web", "--ignore-not-found", "-o", "name"),
                null))
        .isBlank();
  }

  @Test
  void clientSideApplyPatchesWithTheLastAppliedConfiguration() throws Exception {
    var first = DEPLOYMENT.replace("name: web\n  labels", "name: cli\n  labels");
    kubectl("apply", "-f", file("cli.yaml", first));

    var out = kubectl("apply", "-f", file("cli2.yaml", first.replace("nginx:1.25", "nginx:1.27")));

    assertThat(out).contains("deployment.apps/cli configured");
    var cli = get("deployments.v1.apps", "cli");
    assertThat(cli.at("/spec/template/spec/containers/0/image").asText()).isEqualTo("nginx:1.27");
    assertThat(
            cli.at("/metadata/annotations")
                .path("kubectl.kubernetes.io/last-applied-configuration")
                .asText())
        .contains("nginx:1.27");
    assertThat(fieldsOf(cli, "kubectl-client-side-apply").toString()).contains("f:image");
  }

  @Test
  void serverSideApplyConflictsAndForces() throws Exception {
    var config =
        file("applied.yaml", DEPLOYMENT.replace("name: web\n  labels", "name: api\n  labels"));
    assertThat(kubectl("apply", "--server-side", "-f", config))
        .contains("deployment.apps/api serverside-applied");
    kubectl("scale", "deployment", "api", "--replicas=3");
    var changed =
        file(
            "changed.yaml",
            DEPLOYMENT
                .replace("name: web\n  labels", "name: api\n  labels")
                .replace("replicas: 1", "replicas: 2"));

    var conflict = fail(List.of("apply", "--server-side", "-f", changed));
    assertThat(conflict)
        .contains(
            "Apply failed with 1 conflict: conflict with \"kubectl\" with subresource \"scale\""
                + " using apps/v1: .spec.replicas");
    assertThat(get("deployments.v1.apps", "api").at("/spec/replicas").asInt()).isEqualTo(3);

    kubectl("apply", "--server-side", "--force-conflicts", "-f", changed);
    var api = get("deployments.v1.apps", "api");
    assertThat(api.at("/spec/replicas").asInt()).isEqualTo(2);
    assertThat(entry(api, "kubectl").path("operation").asText()).isEqualTo("Apply");
  }

  private JsonNode get(String resource, String name) throws Exception {
    return Nodes.MAPPER.readTree(
        kubectl("get", resource, name, "-o", "json", "--show-managed-fields"));
  }

  private static JsonNode entry(JsonNode object, String manager) {
    for (var entry : object.at("/metadata/managedFields")) {
      if (entry.path("manager").asText().equals(manager)) {
        return entry;
      }
    }
    throw new AssertionError("no managedFields entry of " + manager + " in " + object);
  }

  private static JsonNode fieldsOf(JsonNode object, String manager) {
    return entry(object, manager).path("fieldsV1");
  }

  private static List<String> names(JsonNode list) {
    var names = new ArrayList<String>();
    list.forEach(item -> names.add(item.path("name").asText()));
    return names;
  }

  private static List<String> managers(JsonNode object) {
    var names = new ArrayList<String>();
    object.at("/metadata/managedFields").forEach(e -> names.add(e.path("manager").asText()));
    return names;
  }

  private String kubectl(String... args) throws Exception {
    return run(List.of(args), null);
  }

  private String run(List<String> args, String editor) throws Exception {
    var command = new ArrayList<String>();
    command.add(KUBECTL.toString());
    command.add("--kubeconfig=" + cluster.sandbox.kubeconfig());
    command.add("--cache-dir=" + cache);
    command.addAll(args);
    var builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().put("HOME", dir.toString());
    if (editor != null) {
      builder.environment().put("KUBE_EDITOR", editor);
    }
    var process = builder.start();
    process.getOutputStream().close();
    var finished = process.waitFor(60, TimeUnit.SECONDS);
    var output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!finished) {
      process.destroyForcibly();
      throw new AssertionError("kubectl " + args + " did not finish: " + output);
    }
    assertThat(process.exitValue()).as("kubectl %s: %s", args, output).isZero();
    return output;
  }

  /** Runs kubectl expecting it to fail; its output. */
  private String fail(List<String> args) throws Exception {
    var command = new ArrayList<String>();
    command.add(KUBECTL.toString());
    command.add("--kubeconfig=" + cluster.sandbox.kubeconfig());
    command.add("--cache-dir=" + cache);
    command.addAll(args);
    var process = new ProcessBuilder(command).redirectErrorStream(true).start();
    process.getOutputStream().close();
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    var output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.exitValue()).as(output).isNotZero();
    return output;
  }

  private String file(String name, String content) throws IOException {
    var path = dir.resolve(name);
    Files.writeString(path, content);
    return path.toString();
  }

  private static Path findKubectl() {
    var path = System.getenv().getOrDefault("PATH", "/usr/bin");
    for (var directory : path.split(java.io.File.pathSeparator)) {
      var candidate = Path.of(directory, "kubectl");
      if (Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    return null;
  }
}
