package io.driftless.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code driftless inventory}: every object some app owns, now or at a past time ({@code GET
 * /api/inventory}, docs/API.md, "Fleet inventory, now or then"): which apps ran an image, which app
 * owns an object.
 */
@Command(
    name = "inventory",
    sortOptions = false,
    description = "Lists the objects apps own, now or at a time: by image, kind, name, label, app.")
final class InventoryCommand implements Callable<Integer> {

  @Option(
      names = "--image",
      paramLabel = "PREFIX",
      description = "Only objects with a container image starting so (nginx finds nginx:1.25).")
  String image;

  @Option(names = "--kind", paramLabel = "KIND", description = "Only this kind.")
  String kind;

  @Option(names = "--namespace", paramLabel = "NAMESPACE", description = "Only this namespace.")
  String namespace;

  @Option(names = "--name", paramLabel = "NAME", description = "Only objects of this name.")
  String name;

  @Option(
      names = "--label",
      paramLabel = "KEY=VALUE",
      description = "Only objects with this label value.")
  String label;

  @Option(names = "--app", paramLabel = "NS/APP", description = "Only this app (namespace/app).")
  String app;

  @Option(
      names = "--at",
      paramLabel = "TIME",
      description = "As it stood at this time (ISO-8601); default now.")
  String at;

  @Option(names = "--limit", paramLabel = "N", description = "At most N objects (server default).")
  Integer limit;

  @Option(names = "--before", paramLabel = "CURSOR", description = "The page after this cursor.")
  String before;

  @Mixin ClientOptions client;

  @Override
  public Integer call() {
    var query =
        new Query()
            .add("at", Times.instant(at, "--at"))
            .add("kind", kind)
            .add("namespace", namespace)
            .add("name", name)
            .add("image", image)
            .add("label", label)
            .add("app", app)
            .add("limit", limit)
            .add("before", before);
    var response = client.api().get("/api/inventory", query, "application/json");
    if (client.jsonOutput()) {
      return client.printJson(response);
    }
    var objects = Json.readOrMissing(response.bodyOrThrow());
    var ui = client.ui();
    ui.print(table(objects, ui).render());
    ui.nextPage(response.header(ApiResponse.NEXT_BEFORE));
    ui.succeeded();
    return ExitCode.OK;
  }

  private TextTable table(JsonNode objects, Ui ui) {
    var when = at == null ? "" : " at " + Times.instant(at, "--at");
    var table =
        new TextTable("App", "Kind", "Namespace", "Name", "Images", "Since", "Since change")
            .title(ui.colors().bold("Objects owned by apps" + when))
            .fillFirstColumn()
            .content("objects");
    for (var object : objects) {
      var namespace = ChangesView.text(object, "namespace");
      table.row(
          ChangesView.text(object, "app"),
          ChangesView.text(object, "kind"),
          namespace.isEmpty() ? "(cluster)" : namespace,
          ChangesView.text(object, "name"),
          images(object.path("images")),
          ChangesView.text(object, "since"),
          ChangesView.text(object, "sinceChangeId"));
    }
    return table;
  }

  private static String images(JsonNode images) {
    var names = new ArrayList<String>();
    images.forEach(image -> names.add(image.asText()));
    return String.join(",", names);
  }
}
