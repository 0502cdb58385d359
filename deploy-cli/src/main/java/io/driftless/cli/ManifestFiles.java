package io.driftless.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/** Joins manifest files into one YAML stream, one {@code ---} between files, like kapp's -f. */
final class ManifestFiles {

  static final String SEPARATOR = "---\n";

  private ManifestFiles() {}

  static String concatenate(List<Path> files) {
    var yaml = new StringBuilder();
    for (var file : files) {
      if (!yaml.isEmpty()) {
        yaml.append(SEPARATOR);
      }
      var content = read(file);
      yaml.append(content);
      if (!content.isEmpty() && !content.endsWith("\n")) {
        yaml.append('\n');
      }
    }
    return yaml.toString();
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (NoSuchFileException e) {
      throw new CliFailure("no such file: " + file);
    } catch (IOException e) {
      throw new CliFailure("cannot read " + file + ": " + e.getMessage());
    }
  }
}
