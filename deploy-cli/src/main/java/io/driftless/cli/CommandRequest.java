package io.driftless.cli;

import java.util.UUID;

/**
 * A deploy, reconcile or delete: method, path below the server, query (may be null), YAML body
 * (null for none), and the {@code Idempotency-Key} every attempt of it carries, so a retry after a
 * lost connection cannot apply twice.
 */
record CommandRequest(String method, String path, String query, String yaml, String key) {

  static CommandRequest of(String method, String path, String query, String yaml) {
    return new CommandRequest(method, path, query, yaml, UUID.randomUUID().toString());
  }
}
