package io.driftless.cli;

import java.util.UUID;

/**
 * A deploy, reconcile, delete or rollback: method, path below the server, query (may be null; kept
 * as written, the URL quotes only what a URL cannot hold), parameters already encoded ({@link
 * Query}, null for none: values a user typed), YAML body (null for none), the {@code
 * Idempotency-Key} every attempt of it carries, so a retry after a lost connection cannot apply
 * twice, and who and what asks for it ({@link ChangeProvenance}).
 */
record CommandRequest(
    String method,
    String path,
    String query,
    Query encodedQuery,
    String yaml,
    String key,
    ChangeProvenance provenance) {

  static CommandRequest of(String method, String path, String query, String yaml) {
    return new CommandRequest(
        method,
        path,
        query,
        new Query(),
        yaml,
        UUID.randomUUID().toString(),
        ChangeProvenance.NONE);
  }

  CommandRequest with(ChangeProvenance provenance) {
    return new CommandRequest(method, path, query, encodedQuery, yaml, key, provenance);
  }

  CommandRequest withEncodedQuery(Query encodedQuery) {
    return new CommandRequest(method, path, query, encodedQuery, yaml, key, provenance);
  }
}
