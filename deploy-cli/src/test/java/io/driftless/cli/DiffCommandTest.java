package io.driftless.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code driftless diff} run in-process on every golden case of the diff engine (the reference
 * cases of shared/diff-cases and Driftless' own): op, changed paths, applied checks, forbidden
 * strings, and kapp's exit codes.
 */
class DiffCommandTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path CASES = Path.of(System.getProperty("driftless.golden.cases"));

  @TempDir Path dir;

  static List<Path> cases() throws IOException {
    try (Stream<Path> dirs = Files.list(CASES)) {
      return dirs.filter(Files::isDirectory).sorted().toList();
    }
  }

  private static List<String> args(Path golden, String... more) {
    var args =
        new ArrayList<>(List.of("diff", "--desired", golden.resolve("desired.yaml").toString()));
    optional(args, golden, "last-applied.yaml", "--last-applied");
    optional(args, golden, "live.yaml", "--live");
    optional(args, golden, "config.yaml", "--config");
    Path recorded = golden.resolve("recorded-resource-version");
    if (Files.exists(recorded)) {
      args.add("--recorded-resource-version");
      args.add(read(recorded).strip());
    }
    args.addAll(List.of(more));
    return args;
  }

  private static void optional(List<String> args, Path golden, String file, String option) {
    if (Files.exists(golden.resolve(file))) {
      args.add(option);
      args.add(golden.resolve(file).toString());
    }
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void printsTheVerdictOfEveryGoldenCase(Path golden) throws Exception {
    JsonNode expected = JSON.readTree(read(golden.resolve("expected.json")));

    var json = CliRun.of(args(golden, "-o", "json", "--exit-status"));
    var text = CliRun.of(args(golden));

    JsonNode answer = JSON.readTree(json.out());
    String op = expected.get("op").asText();
    assertThat(answer.get("op").asText()).as(json.err()).isEqualTo(op);
    assertThat(json.exitCode())
        .isEqualTo(op.equals("noop") ? DiffCommand.NO_CHANGES : DiffCommand.PENDING_CHANGES);
    if (!op.equals("create") && !op.equals("delete")) {
      var changed = new ArrayList<String>();
      expected.get("changed").forEach(p -> changed.add(p.asText()));
      assertThat(answer.get("fields").findValuesAsText("path"))
          .containsExactlyInAnyOrderElementsOf(changed);
    }
    assertThat(answer.has("applied")).isTrue();
    assertThat(text.exitCode()).isZero();
    assertThat(text.out()).contains("Op:      " + (op.equals("create") ? "1 create" : "0 create"));
    expected
        .path("forbidden")
        .forEach(s -> assertThat(json.out() + text.out()).doesNotContain(s.asText()));
  }

  @Test
  void printsTheLineDiffAndTheChangesTableAsText() throws Exception {
    Path golden = CASES.resolve("01-kubectl-scale-kept-field-cleared");

    var run = CliRun.of(args(golden));

    assertThat(run.out())
        .contains("@@ update deployment/nginx-deployment (apps/v1) namespace: default @@")
        .contains("  6     -   minReadySeconds: 5")
        .contains("21 +       - image: nginx:1.16.1")
        .contains("default    nginx-deployment  Deployment  update  -       reconcile")
        .contains("Op:      0 create, 0 delete, 1 update, 0 noop, 0 exists");
  }

  @Test
  void failsWithExitCodeOneOnABadFile() throws Exception {
    Path desired = Files.writeString(dir.resolve("d.yaml"), "a: [unclosed");

    var run = CliRun.of("diff", "--desired", desired.toString());

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).contains("Error:");
  }
}
