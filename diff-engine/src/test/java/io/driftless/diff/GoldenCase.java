package io.driftless.diff;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * One golden case folder in the format of {@code shared/diff-cases/README.md}: {@code
 * desired.yaml}, optional {@code last-applied.yaml}, {@code live.yaml}, {@code config.yaml}, {@code
 * recorded-resource-version} (Driftless' addition: the resourceVersion recorded after the last
 * apply) and {@code expected.json}.
 *
 * @param name the folder name
 * @param dir the folder
 */
public record GoldenCase(String name, Path dir) {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** The case folders below {@code src/test/resources/io/driftless/diff/cases}, sorted. */
  public static List<GoldenCase> all() {
    try {
      Path root = Path.of(GoldenCase.class.getResource("/io/driftless/diff/cases").toURI());
      return all(root);
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The case folders below a directory, sorted. */
  public static List<GoldenCase> all(Path root) {
    try (Stream<Path> dirs = Files.list(root)) {
      return dirs.filter(Files::isDirectory)
          .sorted()
          .map(dir -> new GoldenCase(dir.getFileName().toString(), dir))
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A file's text, or null when the case has no such file. */
  public String file(String name) {
    Path file = dir.resolve(name);
    try {
      return Files.exists(file) ? Files.readString(file).strip() : null;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The path of a file, or null when the case has none. */
  public Path path(String name) {
    Path file = dir.resolve(name);
    return Files.exists(file) ? file : null;
  }

  /** expected.json. */
  public JsonNode expected() {
    try {
      return JSON.readTree(file("expected.json"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** expected.json's {@code changed} paths. */
  public List<String> changed() {
    var paths = new ArrayList<String>();
    expected().path("changed").forEach(p -> paths.add(p.textValue()));
    return paths;
  }

  @Override
  public String toString() {
    return name;
  }
}
