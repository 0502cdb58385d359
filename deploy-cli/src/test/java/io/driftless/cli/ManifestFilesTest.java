package io.driftless.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ManifestFilesTest {

  @TempDir Path dir;

  @Test
  void keepsASingleFileAsItIs() throws IOException {
    var file = Files.writeString(dir.resolve("a.yaml"), "kind: A\n---\nkind: B\n");

    assertThat(ManifestFiles.concatenate(List.of(file))).isEqualTo("kind: A\n---\nkind: B\n");
  }

  @Test
  void endsAFileWithoutFinalNewlineBeforeTheSeparator() throws IOException {
    var first = Files.writeString(dir.resolve("a.yaml"), "kind: A");
    var second = Files.writeString(dir.resolve("b.yaml"), "kind: B");

    assertThat(ManifestFiles.concatenate(List.of(first, second)))
        .isEqualTo("kind: A\n---\nkind: B\n");
  }

  @Test
  void namesADirectoryWithoutManifests() {
    assertThatThrownBy(() -> ManifestFiles.concatenate(List.of(dir)))
        .isInstanceOf(CliFailure.class)
        .hasMessage("no .yml, .yaml or .json files in " + dir);
  }

  @Test
  void readsStandardInputForADash() {
    var stdin = new java.io.ByteArrayInputStream("kind: A\n".getBytes());

    assertThat(ManifestFiles.concatenate(List.of(java.nio.file.Path.of("-")), () -> stdin))
        .isEqualTo("kind: A\n");
  }
}
