package io.driftless.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DeployCommandTest {

  private static final String DEPLOYMENT =
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: simple-app
      spec:
        replicas: 2
      """;
  private static final String CONFIG_MAP =
      """
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: simple-app-config
      data:
        greeting: hello
      """;

  static final String CHANGES_TABLE =
      """
      Changes

      Namespace  Name               Kind        Conds.  Age  Op      Op st.  Wait to    Rs  Ri
      default    simple-app-config  ConfigMap   -       -    create  -       reconcile  -   -
      ^          simple-app         Deployment  -       -    update  -       reconcile  -   -

      Op:      1 create, 0 delete, 1 update, 0 noop, 0 exists
      Wait to: 2 reconcile, 0 delete, 0 noop
      """;

  @TempDir Path manifests;
  private FakeDriftlessServer server;
  private String deployment;
  private String configMap;

  @BeforeEach
  void startServerAndWriteManifests() throws IOException {
    server = FakeDriftlessServer.start().answers(200, "deploy-answer.json");
    deployment = Files.writeString(manifests.resolve("deployment.yaml"), DEPLOYMENT).toString();
    configMap = Files.writeString(manifests.resolve("config.yaml"), CONFIG_MAP).toString();
  }

  @AfterEach
  void stopServer() {
    server.close();
  }

  @Test
  void postsTheFilesAsOneYamlStreamToTheDeployPathOfTheApp() {
    var run = deploy("-f", deployment, "-f", configMap);

    assertThat(run.exitCode()).isZero();
    assertThat(server.requests())
        .extracting(RecordedRequest::bare)
        .containsExactly(
            new RecordedRequest(
                "POST",
                "/api/apps/default/simple-app/deploy",
                null,
                "application/yaml",
                DEPLOYMENT + "---\n" + CONFIG_MAP));
  }

  @Test
  void asksForADryRunOnDiffRun() {
    deploy("-f", deployment, "--diff-run");

    assertThat(server.requests())
        .singleElement()
        .extracting(RecordedRequest::query)
        .isEqualTo("dryRun=true");
  }

  @Test
  void printsKappsChangesTableAndOpLinesThenSucceeded() {
    var run = deploy("-f", deployment);

    assertThat(run.out()).isEqualTo(CHANGES_TABLE + "\nSucceeded\n");
    assertThat(run.err()).isEmpty();
  }

  @Test
  void printsTheServerAnswerAsJsonWithJson() {
    var run = deploy("-f", deployment, "--json");

    assertThat(run.exitCode()).isZero();
    assertThat(Json.readOrMissing(run.out()))
        .isEqualTo(Json.readOrMissing(FakeDriftlessServer.resource("deploy-answer.json")));
  }

  @Test
  void reportsTheApiErrorMessageAndDetailsOnStderrWithExitCodeOne() {
    server.answers(422, "invalid-resources-error.json");

    var run = deploy("-f", deployment);

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.out()).isEmpty();
    assertThat(run.err().lines())
        .containsExactly(
            "Error: 2 resources of the manifest are invalid.",
            "  - document 2: missing metadata.name",
            "  - document 3: kind Widget is unknown on the cluster");
  }

  @Test
  void reportsAnUnreachableServerInOneLine() throws IOException {
    int closedPort;
    try (var socket = new ServerSocket(0)) {
      closedPort = socket.getLocalPort();
    }
    var url = "http://127.0.0.1:" + closedPort;

    var run =
        CliRun.of("deploy", "-a", "simple-app", "-n", "default", "-f", deployment, "--server", url);

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err())
        .isEqualTo(
            "Error: cannot connect to the Driftless server at " + url + " (connection refused)\n");
  }

  @Test
  void sendsToTheServerInDriftlessServerWhenNoServerIsGiven() {
    var run =
        CliRun.withEnvironment(
            Map.of("DRIFTLESS_SERVER", server.url()),
            "deploy",
            "-a",
            "simple-app",
            "-n",
            "default",
            "-f",
            deployment);

    assertThat(run.exitCode()).isZero();
    assertThat(server.requests()).hasSize(1);
  }

  @Test
  void sendsNothingWhenAFileIsMissing() {
    var missing = manifests.resolve("missing.yaml").toString();

    var run = deploy("-f", deployment, "-f", missing);

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).isEqualTo("Error: no such file: " + missing + "\n");
    assertThat(server.requests()).isEmpty();
  }

  @Test
  void rejectsAServerThatIsNotAnHttpUrl() {
    var run =
        CliRun.of(
            "deploy",
            "-a",
            "simple-app",
            "-n",
            "default",
            "-f",
            deployment,
            "--server",
            "127.0.0.1:8080");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("Invalid value for option '--server'", "http://HOST:PORT");
  }

  private CliRun deploy(String... args) {
    var command = List.of("deploy", "-a", "simple-app", "-n", "default", "--server", server.url());
    return CliRun.of(command, args);
  }
}
