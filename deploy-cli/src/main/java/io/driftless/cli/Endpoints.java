package io.driftless.cli;

/**
 * Where the commands and the queries go, and the bearer token for both. {@code query} is the
 * command server too when the two sides are served by one process (the standalone server).
 */
record Endpoints(ServerAddress command, ServerAddress query, String token) {

  boolean hasToken() {
    return token != null && !token.isBlank();
  }
}
