package io.driftless.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Joins kapp's {@code -f} sources into one YAML stream, one {@code ---} between files: a file; a
 * directory (its {@code .yml}, {@code .yaml} and {@code .json} files, recursively, in path order,
 * as kapp reads one); {@code -}, standard input.
 */
final class ManifestFiles {

  static final String SEPARATOR = "---\n";
  static final Path STDIN = Path.of("-");

  private ManifestFiles() {}

  static String concatenate(List<Path> files) {
    return concatenate(files, () -> System.in);
  }

  static String concatenate(List<Path> sources, Supplier<InputStream> stdin) {
    var yaml = new StringBuilder();
    for (var content : contents(sources, stdin)) {
      if (!yaml.isEmpty()) {
        yaml.append(SEPARATOR);
      }
      yaml.append(content);
      if (!content.isEmpty() && !content.endsWith("\n")) {
        yaml.append('\n');
      }
    }
    return yaml.toString();
  }

  private static List<String> contents(List<Path> sources, Supplier<InputStream> stdin) {
    var contents = new ArrayList<String>();
    for (var source : sources) {
      if (source.equals(STDIN)) {
        contents.add(readStdin(stdin));
      } else if (Files.isDirectory(source)) {
        filesIn(source).forEach(file -> contents.add(read(file)));
      } else {
        contents.add(read(source));
      }
    }
    return contents;
  }

  private static List<Path> filesIn(Path directory) {
    try (Stream<Path> walk = Files.walk(directory)) {
      var files =
          walk.filter(Files::isRegularFile)
              .filter(ManifestFiles::isManifest)
              .sorted()
              .collect(Collectors.toList());
      if (files.isEmpty()) {
        throw new CliFailure("no .yml, .yaml or .json files in " + directory);
      }
      return files;
    } catch (IOException | UncheckedIOException e) {
      throw new CliFailure("cannot read " + directory + ": " + e.getMessage());
    }
  }

  private static boolean isManifest(Path file) {
    var name = file.getFileName().toString();
    return name.endsWith(".yml") || name.endsWith(".yaml") || name.endsWith(".json");
  }

  private static String readStdin(Supplier<InputStream> stdin) {
    try {
      return new String(stdin.get().readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new CliFailure("cannot read standard input: " + e.getMessage());
    }
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
