package io.driftless.sandbox.discovery;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.objects.Nodes;

/**
 * {@code GET /version}: the version the sandbox plays, 1.30 (no commit or build date: it is no
 * build of Kubernetes).
 */
final class Versions {

  /** The sandbox's Kubernetes version, as {@code kubectl version} shows it. */
  static final String GIT_VERSION = "v1.30.0";

  private Versions() {}

  static ObjectNode info() {
    return Nodes.MAPPER
        .createObjectNode()
        .put("major", "1")
        .put("minor", "30")
        .put("gitVersion", GIT_VERSION)
        .put("gitCommit", "")
        .put("gitTreeState", "clean")
        .put("buildDate", "1970-01-01T00:00:00Z")
        .put("goVersion", "go1.22.2")
        .put("compiler", "gc")
        .put("platform", "linux/amd64");
  }
}
