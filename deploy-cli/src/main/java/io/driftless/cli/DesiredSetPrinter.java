package io.driftless.cli;

import com.fasterxml.jackson.databind.JsonNode;
import picocli.CommandLine.ExitCode;

/**
 * {@code driftless inspect --at TIME | --change CHANGE}: an app's desired set as it stood after a
 * change ({@code GET .../desired}, docs/API.md, "Time travel"): a table of its resources and the
 * change it stood after, or with {@code --yaml} the YAML documents as the server gives them ({@code
 * Accept: application/yaml}; Secrets masked). A deleted app's set before its delete too.
 */
final class DesiredSetPrinter {

  private final AppRef app;
  private final ClientOptions client;

  DesiredSetPrinter(AppRef app, ClientOptions client) {
    this.app = app;
    this.client = client;
  }

  int print(Query asOf, boolean yaml) {
    var accept = yaml ? DriftlessApi.YAML : "application/json";
    var response = client.api().get(app.path() + "/desired", asOf, accept);
    if (client.jsonOutput() && !yaml) {
      return client.printJson(response);
    }
    var body = response.bodyOrThrow();
    var ui = client.ui();
    if (yaml) {
      ui.print(body.endsWith("\n") ? body : body + "\n");
      return ExitCode.OK;
    }
    var answer = Json.readObject(body);
    ui.print(table(answer, ui).render());
    ui.succeeded();
    return ExitCode.OK;
  }

  private TextTable table(JsonNode answer, Ui ui) {
    var asOf = answer.path("asOf");
    var table =
        new TextTable("Namespace", "Name", "Kind", "API version")
            .title(
                ui.colors().bold("Desired resources of app '" + app.name() + "'")
                    + "\nas of change "
                    + orDash(ChangesView.text(asOf, "changeId"))
                    + " ("
                    + orDash(ChangesView.text(asOf, "at"))
                    + ")")
            .fillFirstColumn()
            .content("resources");
    for (var resource : answer.path("resources")) {
      var namespace = field(resource, "namespace");
      table.row(
          namespace.isEmpty() ? "(cluster)" : namespace,
          field(resource, "name"),
          ChangesView.text(resource, "kind"),
          ChangesView.text(resource, "apiVersion"));
    }
    return table;
  }

  /** A Kubernetes object's {@code metadata.<name>}, or the field at the top of a summary row. */
  private static String field(JsonNode resource, String name) {
    var value = ChangesView.text(resource.path("metadata"), name);
    return value.isEmpty() ? ChangesView.text(resource, name) : value;
  }

  private static String orDash(String value) {
    return value.isEmpty() ? "-" : value;
  }
}
