package io.driftless.cli;

/**
 * An app as the API addresses it: {@code /api/apps/{namespace}/{name}}, and its id {@code
 * namespace/name} (the form of the server's {@code AppId}, shared-events, which the CLI does not
 * depend on: see {@code CliArchitectureTest}).
 */
record AppRef(String namespace, String name) {

  /** The app id, {@code namespace/name}: e.g. {@code GET /api/ghost-diffs?app=}'s value. */
  String id() {
    return namespace + "/" + name;
  }

  String path() {
    return "/api/apps/" + id();
  }
}
