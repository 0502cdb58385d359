package io.driftless.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 27: every change says who and what asked for it: {@code -m}, {@code --meta}, the automatic
 * {@code git.*} and {@code pipeline.*} meta, {@code --no-auto-meta}, the User-Agent.
 */
class ProvenanceTest {

  private static final String DEPLOY = "POST /api/apps/default/simple-app/deploy";

  @TempDir Path work;
  private FakeDriftlessServer server;
  private String manifest;

  @BeforeEach
  void start() throws IOException {
    server = FakeDriftlessServer.start().answers(200, "deploy-answer.json");
    manifest = Files.writeString(work.resolve("app.yaml"), "kind: ConfigMap\n").toString();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void sendsTheMessageTheMetaAndTheUserAgentAsHeaders() {
    var run =
        inDirectory(
            work,
            Map.of(),
            "deploy",
            "-a",
            "simple-app",
            "-f",
            manifest,
            "-m",
            "ship v2",
            "--meta",
            "ticket=OPS-12",
            "--meta",
            "env=prod",
            "--no-auto-meta");

    assertThat(run.exitCode()).as(run.err()).isZero();
    var deploy = onlyChange();
    assertThat(deploy.header("Driftless-Message")).isEqualTo("ship v2");
    assertThat(meta(deploy))
        .containsExactly(Map.entry("env", "prod"), Map.entry("ticket", "OPS-12"));
    assertThat(deploy.header("User-Agent")).startsWith("driftless-cli/");
    assertThat(deploy.query()).isNull();
  }

  @Test
  void fillsPipelineAndGitMetaFromGitHubActions() {
    var env =
        Map.of(
            "GITHUB_SERVER_URL", "https://github.com",
            "GITHUB_REPOSITORY", "acme/shop",
            "GITHUB_RUN_ID", "9001",
            "GITHUB_SHA", "4f2a9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b",
            "GITHUB_REF_NAME", "main");

    deploy(env);

    assertThat(meta(onlyChange()))
        .containsExactly(
            Map.entry("git.commit", "4f2a9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b"),
            Map.entry("git.ref", "main"),
            Map.entry("git.repo", "https://github.com/acme/shop"),
            Map.entry("pipeline.run", "9001"),
            Map.entry("pipeline.url", "https://github.com/acme/shop/actions/runs/9001"));
  }

  @Test
  void fillsPipelineAndGitMetaFromGitLabCi() {
    var env =
        Map.of(
            "CI_PIPELINE_URL", "https://gitlab.example.com/acme/shop/-/pipelines/77",
            "CI_PIPELINE_ID", "77",
            "CI_COMMIT_SHA", "abc123",
            "CI_COMMIT_REF_NAME", "release-1",
            "CI_PROJECT_URL", "https://gitlab.example.com/acme/shop");

    deploy(env);

    assertThat(meta(onlyChange()))
        .containsExactly(
            Map.entry("git.commit", "abc123"),
            Map.entry("git.ref", "release-1"),
            Map.entry("git.repo", "https://gitlab.example.com/acme/shop"),
            Map.entry("pipeline.run", "77"),
            Map.entry("pipeline.url", "https://gitlab.example.com/acme/shop/-/pipelines/77"));
  }

  @Test
  void fillsPipelineAndGitMetaFromJenkinsWithoutTheCredentialsOfTheRepositoryUrl() {
    var env =
        Map.of(
            "BUILD_URL", "https://jenkins.example.com/job/shop/12/",
            "BUILD_NUMBER", "12",
            "GIT_COMMIT", "def456",
            "GIT_BRANCH", "origin/main",
            "GIT_URL", "https://deployer:s3cret@git.example.com/acme/shop.git");

    deploy(env);

    assertThat(meta(onlyChange()))
        .containsEntry("git.repo", "https://git.example.com/acme/shop.git")
        .containsEntry("git.commit", "def456")
        .containsEntry("git.ref", "origin/main")
        .containsEntry("pipeline.run", "12")
        .containsEntry("pipeline.url", "https://jenkins.example.com/job/shop/12/");
    assertThat(server.requests().toString()).doesNotContain("s3cret");
  }

  @Test
  void explicitMetaWinsOverTheAutomaticValues() {
    var env = Map.of("GITHUB_REPOSITORY", "acme/shop", "GITHUB_RUN_ID", "1", "GITHUB_SHA", "aaa");

    deploy(env, "--meta", "git.commit=bbb");

    assertThat(meta(onlyChange())).containsEntry("git.commit", "bbb").containsKey("pipeline.url");
  }

  @Test
  void noAutoMetaSendsOnlyTheExplicitMeta() {
    var env = Map.of("GITHUB_REPOSITORY", "acme/shop", "GITHUB_RUN_ID", "1", "GITHUB_SHA", "aaa");

    deploy(env, "--no-auto-meta", "--meta", "ticket=OPS-1");

    assertThat(meta(onlyChange())).containsExactly(Map.entry("ticket", "OPS-1"));
  }

  @Test
  void refusesAMalformedMetaKeyBeforeSendingAnything() {
    var run = deploy(Map.of(), "--meta", "Ticket_No=1");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("Invalid --meta key 'Ticket_No'", "lower-case letters");
    assertThat(server.requests()).isEmpty();
  }

  @Test
  void sendsAValueAHeaderCannotCarryAsAQueryParameter() {
    deploy(Map.of(), "-m", "first line\nsecond: ünïcode", "--meta", "note=café");

    var deploy = onlyChange();
    assertThat(deploy.header("Driftless-Message")).isNull();
    assertThat(deploy.header("Driftless-Meta-note")).isNull();
    assertThat(deploy.query()).isEqualTo("message=first line\nsecond: ünïcode&meta=note=café");
  }

  @Test
  void readsCommitBranchAndOriginFromTheWorkingDirectorysRepository() throws Exception {
    var repo = Files.createDirectory(work.resolve("repo"));
    assumeThat(git(repo, "init", "-q", "-b", "release")).as("git is installed").isTrue();
    assertThat(
            git(
                repo,
                "-c",
                "user.name=t",
                "-c",
                "user.email=t@example.com",
                "commit",
                "-q",
                "--allow-empty",
                "-m",
                "first"))
        .isTrue();
    assertThat(
            git(repo, "remote", "add", "origin", "https://bot:tok3n@git.example.com/acme/shop.git"))
        .isTrue();
    var head = output(repo, "rev-parse", "HEAD");

    var run = inDirectory(repo, Map.of(), "deploy", "-a", "simple-app", "-f", manifest);

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(meta(onlyChange()))
        .containsExactly(
            Map.entry("git.commit", head),
            Map.entry("git.ref", "release"),
            Map.entry("git.repo", "https://git.example.com/acme/shop.git"));
  }

  @Test
  void outsideARepositoryThereIsNoGitMeta() {
    deploy(Map.of());

    assertThat(meta(onlyChange())).isEmpty();
  }

  @Test
  void deleteAndReconcileCarryTheProvenanceToo() {
    server.answers(200, "delete-answer.json");

    inDirectory(work, Map.of(), "delete", "-a", "simple-app", "-m", "retire", "--meta", "t=1");
    inDirectory(work, Map.of(), "reconcile", "-a", "simple-app", "-m", "fix drift");

    var changes = server.requests().stream().filter(r -> !r.method().equals("GET")).toList();
    assertThat(changes).extracting(RecordedRequest::method).containsExactly("DELETE", "POST");
    assertThat(changes.get(0).header("Driftless-Message")).isEqualTo("retire");
    assertThat(changes.get(0).header("Driftless-Meta-t")).isEqualTo("1");
    assertThat(changes.get(1).header("Driftless-Message")).isEqualTo("fix drift");
  }

  @Test
  void removesCredentialsFromRepositoryUrls() {
    assertThat(AutoMeta.withoutCredentials("https://x-access-token:ghs_1@github.com/a/b.git"))
        .isEqualTo("https://github.com/a/b.git");
    assertThat(AutoMeta.withoutCredentials("https://ghp_token@github.com/a/b"))
        .isEqualTo("https://github.com/a/b");
    assertThat(AutoMeta.withoutCredentials("ssh://git:pw@host/a/b.git"))
        .isEqualTo("ssh://git@host/a/b.git");
    assertThat(AutoMeta.withoutCredentials("ssh://git@host/a/b.git"))
        .isEqualTo("ssh://git@host/a/b.git");
    assertThat(AutoMeta.withoutCredentials("git@github.com:a/b.git"))
        .isEqualTo("git@github.com:a/b.git");
  }

  private CliRun deploy(Map<String, String> environment, String... more) {
    var args = new ArrayList<>(List.of("deploy", "-a", "simple-app", "-f", manifest));
    args.addAll(List.of(more));
    return inDirectory(work, environment, args.toArray(String[]::new));
  }

  /** Runs in {@code directory} (a temporary directory is in no repository). */
  private CliRun inDirectory(Path directory, Map<String, String> environment, String... args) {
    var all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--server", server.url()));
    var context = new CliContext(environment, Terminal.NONE, CliRun.CLOCK, directory);
    return CliRun.run(context, all.toArray(String[]::new));
  }

  private RecordedRequest onlyChange() {
    var changes = server.requests().stream().filter(r -> r.method().equals("POST")).toList();
    assertThat(changes).hasSize(1);
    return changes.get(0);
  }

  private static Map<String, String> meta(RecordedRequest request) {
    var meta = new TreeMap<String, String>();
    request
        .headers()
        .forEach(
            (name, value) -> {
              if (name.startsWith("driftless-meta-")) {
                meta.put(name.substring("driftless-meta-".length()), value);
              }
            });
    return meta;
  }

  private static boolean git(Path directory, String... arguments) {
    try {
      var command = new ArrayList<>(List.of("git"));
      command.addAll(List.of(arguments));
      var process =
          new ProcessBuilder(command)
              .directory(directory.toFile())
              .redirectErrorStream(true)
              .start();
      process.getInputStream().readAllBytes();
      return process.waitFor(10, TimeUnit.SECONDS) && process.exitValue() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private static String output(Path directory, String... arguments) throws Exception {
    var command = new ArrayList<>(List.of("git"));
    command.addAll(List.of(arguments));
    var process = new ProcessBuilder(command).directory(directory.toFile()).start();
    var text = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    process.waitFor(10, TimeUnit.SECONDS);
    return text.strip();
  }
}
