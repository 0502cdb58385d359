package io.driftless.diff;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.resources.Manifest;
import io.driftless.diff.resources.ManifestParser;
import io.driftless.diff.resources.YamlTrees;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Reads test fixtures from {@code src/test/resources/io/driftless/diff/}. */
public final class Fixtures {

  private static final String ROOT = "/io/driftless/diff/";

  private Fixtures() {}

  /** The text of a fixture, by its path below {@code io/driftless/diff/}. */
  public static String text(String path) {
    try (InputStream in = Fixtures.class.getResourceAsStream(ROOT + path)) {
      if (in == null) {
        throw new IllegalArgumentException("No fixture " + ROOT + path);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** One YAML object. */
  public static ObjectNode object(String path) {
    return YamlTrees.readObject(text(path));
  }

  /** A YAML manifest fixture, parsed with the default namespace "default". */
  public static Manifest manifest(String path) {
    return ManifestParser.parseYaml(text(path), "default");
  }
}
