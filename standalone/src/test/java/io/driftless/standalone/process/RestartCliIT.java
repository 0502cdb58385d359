package io.driftless.standalone.process;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.cli.DriftlessCli;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 25, point 3, as an operator meets it: CRDs created as {@code apiextensions.k8s.io/v1beta1}
 * (as cf-for-k8s v0.2.0 ships 37 of them) and custom resources of their kinds, deployed with the
 * {@code driftless} CLI; the server (the README's run command) stopped and started again on the
 * same data folder, with the same sandbox cluster file. The next {@code driftless reconcile} and
 * {@code driftless deploy} find every kind and change nothing, the restarted server logs no {@code
 * Cannot watch} warning, and {@code driftless delete} removes the app.
 */
class RestartCliIT {

  private static final Duration START = Duration.ofMinutes(2);

  private static final String MANIFEST =
      """
      apiVersion: apiextensions.k8s.io/v1beta1
      kind: CustomResourceDefinition
      metadata:
        name: sprockets.restart.example.com
      spec:
        group: restart.example.com
        version: v1alpha1
        scope: Namespaced
        names: {kind: Sprocket, plural: sprockets, singular: sprocket}
        validation:
          openAPIV3Schema: {type: object}
      ---
      apiVersion: apiextensions.k8s.io/v1beta1
      kind: CustomResourceDefinition
      metadata:
        name: cogs.restart.example.com
      spec:
        group: restart.example.com
        versions:
        - {name: v1beta2, served: true, storage: true}
        scope: Cluster
        names: {kind: Cog, plural: cogs}
      ---
      apiVersion: restart.example.com/v1alpha1
      kind: Sprocket
      metadata:
        name: first-sprocket
        namespace: default
      spec: {size: 3}
      ---
      apiVersion: restart.example.com/v1beta2
      kind: Cog
      metadata:
        name: first-cog
      spec: {teeth: 12}
      """;

  private final List<StandaloneServer> servers = new ArrayList<>();

  @AfterEach
  void stopServers() throws Exception {
    for (var server : servers) {
      server.stop();
    }
  }

  @Test
  void afterARestartTheCliReconcilesAndDeploysAnAppWithV1beta1CrdsAsANoopAndDeletesIt()
      throws Exception {
    var dataDir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "restart-cli-");
    var manifest =
        Files.writeString(dataDir.resolveSibling(dataDir.getFileName() + ".yml"), MANIFEST);
    var first = launch(dataDir, "first");
    first.awaitUp(START);
    var deploy = cli(first, "deploy", "-a", "old-crds", "-f", manifest.toString());
    assertThat(deploy.exitCode()).as(deploy.toString()).isZero();
    assertThat(deploy.out()).contains("Op:      4 create, 0 delete, 0 update");
    first.stop();

    var restarted = launch(dataDir, "restarted");
    restarted.awaitUp(START);
    var reconcile = cli(restarted, "reconcile", "-a", "old-crds");
    var redeploy = cli(restarted, "deploy", "-a", "old-crds", "-f", manifest.toString());

    assertThat(reconcile.exitCode()).as(reconcile.toString()).isZero();
    assertThat(reconcile.out()).endsWith("Succeeded\n").doesNotContain(" create ", " update ");
    assertThat(redeploy.exitCode()).as(redeploy.toString()).isZero();
    assertThat(redeploy.out()).contains("Op:      0 create, 0 delete, 0 update, 0 noop, 0 exists");
    var delete = cli(restarted, "delete", "-a", "old-crds");
    assertThat(delete.exitCode()).as(delete.toString()).isZero();
    assertThat(delete.out()).contains("Op:      0 create, 4 delete").endsWith("Succeeded\n");
    assertThat(restarted.output())
        .as(restarted.tail())
        .noneMatch(line -> line.contains("Cannot watch"))
        .noneMatch(line -> line.contains("no CustomResourceDefinition declares"));
  }

  private StandaloneServer launch(Path dataDir, String name) throws Exception {
    var server =
        StandaloneServer.launch(
            dataDir, dataDir.resolveSibling(dataDir.getFileName() + "-" + name + ".log"));
    servers.add(server);
    return server;
  }

  /** One {@code driftless} command in this JVM against {@code server}. */
  private static Run cli(StandaloneServer server, String... args) {
    var out = new StringWriter();
    var err = new StringWriter();
    var all =
        Stream.concat(Stream.of(args), Stream.of("--server", server.uri("").toString()))
            .toArray(String[]::new);
    var exitCode =
        DriftlessCli.execute(Map.of(), new PrintWriter(out, true), new PrintWriter(err, true), all);
    return new Run(exitCode, out.toString(), err.toString());
  }

  private record Run(int exitCode, String out, String err) {
    @Override
    public String toString() {
      return "exit " + exitCode + "\n--- out\n" + out + "--- err\n" + err;
    }
  }
}
