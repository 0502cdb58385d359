package io.driftless.standalone.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * kapp's example apps, each round a different version, so that every deploy is a real change:
 * simple-app alternates v1 and v2 (creates, updates and deletes), guestbook scales its frontend,
 * redis changes its versioned ConfigMap (a new {@code -ver-N} object and a Pod update).
 */
final class Manifests {

  static final String[] APPS = {"simple-app", "guestbook", "redis"};

  private Manifests() {}

  static String forRound(String app, int round) {
    return switch (app) {
      case "simple-app" -> example(round % 2 == 0 ? "simple-app-v1.yml" : "simple-app-v2.yml");
      case "guestbook" ->
          replaceOnce(example("guestbook.yml"), "replicas: 3", "replicas: " + (round + 4));
      case "redis" ->
          replaceOnce(
              example("redis-with-configmap.yml"),
              "maxmemory 3mb",
              "maxmemory " + (round + 4) + "mb");
      default -> throw new IllegalArgumentException(app);
    };
  }

  private static String replaceOnce(String text, String from, String to) {
    if (!text.contains(from)) {
      throw new IllegalStateException("the example no longer contains '" + from + "'");
    }
    return text.replace(from, to);
  }

  private static String example(String file) {
    try {
      return Files.readString(Path.of("..", "examples", file));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
