package io.driftless.cli;

/** The {@code -o} formats of a command's answer. */
enum OutputFormat {
  TEXT {
    @Override
    String render(String body) {
      return ChangeSummary.render(Json.readObject(body));
    }
  },
  JSON {
    @Override
    String render(String body) {
      return body.endsWith("\n") ? body : body + "\n";
    }
  };

  abstract String render(String body);
}
