package io.driftless.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code driftless ls}: kapp ls, the apps with their last change. */
@Command(name = "ls", aliases = "list", sortOptions = false, description = "Lists apps.")
final class ListCommand implements Callable<Integer> {

  @Option(
      names = {"-n", "--namespace"},
      paramLabel = "NAMESPACE",
      description = "Only apps recorded in this namespace (default: all).")
  String namespace;

  @Option(
      names = {"-A", "--all-namespaces"},
      description = "Apps of every namespace (the default).")
  boolean all;

  @Mixin ClientOptions client;

  @Override
  public Integer call() {
    var response = client.api().get("/api/apps", null);
    if (client.jsonOutput()) {
      return client.printJson(response);
    }
    var apps = Json.readOrMissing(response.bodyOrThrow());
    var ui = client.ui();
    ui.print(table(apps, ui).render());
    ui.succeeded();
    return ExitCode.OK;
  }

  private TextTable table(JsonNode apps, Ui ui) {
    var filter = all ? null : namespace;
    var title = filter == null ? "Apps in all namespaces" : "Apps in namespace '" + filter + "'";
    var table =
        new TextTable("Namespace", "Name", "Namespaces", "Lcs", "Lca")
            .title(ui.colors().bold(title))
            .note("Lcs: Last Change Successful")
            .note("Lca: Last Change Age")
            .content("apps");
    var now = ui.context().clock().instant();
    for (var app : apps) {
      if (filter != null && !filter.equals(app.path("namespace").asText())) {
        continue;
      }
      table.row(
          app.path("namespace").asText(),
          app.path("name").asText(),
          namespaces(app.path("namespaces")),
          successful(app, ui.colors()),
          Ages.since(ChangesView.text(app, "lastChangeAt"), now));
    }
    return table;
  }

  private static String namespaces(JsonNode namespaces) {
    var names = new ArrayList<String>();
    namespaces.forEach(namespace -> names.add(namespace.asText()));
    return String.join(",", names);
  }

  private static String successful(JsonNode app, Colors colors) {
    var value = app.path("lastChangeSuccessful");
    if (!value.isBoolean()) {
      return "";
    }
    return value.asBoolean() ? "true" : colors.red("false");
  }
}
