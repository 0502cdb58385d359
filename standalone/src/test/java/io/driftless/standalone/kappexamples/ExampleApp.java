package io.driftless.standalone.kappexamples;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;

/**
 * One of kapp's large example apps as {@code kapp-examples/apps.properties} lists it: the files
 * kapp deploys for it ({@code kapp deploy -a <name> -f <files>}), joined into one deploy body.
 *
 * @param name the app's name, as in kapp's {@code hack/test-external.sh}
 * @param files the manifests, relative to the repository root
 */
public record ExampleApp(String name, List<Path> files) {

  /** The repository root; the integration tests run in {@code standalone/}. */
  static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  private static final Path INDEX =
      ROOT.resolve("standalone/src/test/resources/kapp-examples/apps.properties");

  /** The example app called {@code name} in the index. */
  public static ExampleApp named(String name) {
    var files = index().getProperty(name);
    if (files == null) {
      throw new IllegalArgumentException("no example app '" + name + "' in " + INDEX);
    }
    return new ExampleApp(name, Arrays.stream(files.trim().split("\\s+")).map(Path::of).toList());
  }

  /** The deploy body: every file, in the index's order, as one multi-document YAML stream. */
  public String body() {
    var parts = new ArrayList<String>();
    for (var file : files) {
      try {
        parts.add(Files.readString(ROOT.resolve(file)));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return String.join("\n---\n", parts);
  }

  /** The resources the body declares, read by the test's own rules ({@link ExampleManifest}). */
  ExampleManifest manifest() {
    return ExampleManifest.parse(body());
  }

  private static Properties index() {
    var properties = new Properties();
    try (Reader reader = Files.newBufferedReader(INDEX)) {
      properties.load(reader);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return properties;
  }
}
