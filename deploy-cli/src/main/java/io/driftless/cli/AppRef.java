package io.driftless.cli;

/** An app as the API addresses it: {@code /api/apps/{namespace}/{name}}. */
record AppRef(String namespace, String name) {

  String path() {
    return "/api/apps/" + namespace + "/" + name;
  }
}
