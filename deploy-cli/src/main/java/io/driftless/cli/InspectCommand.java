package io.driftless.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code driftless inspect}: kapp inspect, the app's resources with their state as the inventory
 * view last saw it: Rs is {@code ok} or {@code drift} (the live object differs from what was
 * applied), Ri says how; then the app's last change and reconcile. With {@code --at} or {@code
 * --change}: the desired set as it stood then ({@link DesiredSetPrinter}), not the live state.
 */
@Command(
    name = "inspect",
    sortOptions = false,
    description = "Shows an app's resources and their live state.")
final class InspectCommand implements Callable<Integer> {

  private static final String IN_SYNC = "in-sync";

  @Mixin AppOptions app;

  @Option(
      names = "--at",
      paramLabel = "TIME",
      description = "The desired set as it stood at this time (ISO-8601), not the live state.")
  String at;

  @Option(
      names = "--change",
      paramLabel = "CHANGE",
      description = "The desired set as it stood after this change (app-change list).")
  String change;

  @Option(
      names = "--yaml",
      description = "With --at or --change: print the YAML documents (Secrets masked).")
  boolean yaml;

  @Mixin ClientOptions client;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    if (at != null || change != null || yaml) {
      return new DesiredSetPrinter(app.ref(), client).print(asOf(), yaml);
    }
    var api = client.api();
    var response = api.get(app.ref().path() + "/resources", null);
    if (client.jsonOutput()) {
      return client.printJson(response);
    }
    var resources = Json.readOrMissing(response.bodyOrThrow());
    var ui = client.ui();
    ui.print(table(resources, ui).render());
    var overview = api.get(app.ref().path(), null);
    if (overview.successful()) {
      ui.print(summary(Json.readOrMissing(overview.body())));
    }
    ui.succeeded();
    return ExitCode.OK;
  }

  /** {@code at=} or {@code change=}: exactly one of the two. */
  private Query asOf() {
    if ((at == null) == (change == null)) {
      throw new ParameterException(
          spec.commandLine(),
          yaml
              ? "--yaml needs --at TIME or --change CHANGE"
              : "--at and --change are mutually exclusive: give one");
    }
    return new Query().add("change", change).add("at", Times.instant(at, "--at"));
  }

  private TextTable table(JsonNode resources, Ui ui) {
    var table =
        new TextTable("Namespace", "Name", "Kind", "Owner", "Rs", "Ri", "Age", "Last op", "Change")
            .title(ui.colors().bold("Resources in app '" + app.app + "'"))
            .fillFirstColumn()
            .note("Rs: Reconcile state")
            .note("Ri: Reconcile information")
            .content("resources");
    var now = ui.context().clock().instant();
    for (var resource : resources) {
      if (resource.path("live").isBoolean() && !resource.path("live").asBoolean()) {
        continue; // deleted or orphaned: in the history, not on the cluster
      }
      var namespace = ChangesView.text(resource, "namespace");
      table.row(
          namespace.isEmpty() ? "(cluster)" : namespace,
          ChangesView.text(resource, "name"),
          ChangesView.text(resource, "kind"),
          "driftless",
          state(resource, ui.colors()),
          info(resource),
          Ages.since(ChangesView.text(resource, "createdAt"), now),
          ChangesView.text(resource, "lastOp"),
          ChangesView.text(resource, "lastChangeId"));
    }
    return table;
  }

  private static String state(JsonNode resource, Colors colors) {
    var explicit = ChangesView.text(resource, "reconcileState");
    if (!explicit.isEmpty()) {
      return explicit;
    }
    var drift = resource.path("drift");
    if (drift.isTextual() && !drift.asText().isBlank() && !drift.asText().equals(IN_SYNC)) {
      return colors.red(drift.asText());
    }
    return drifted(drift) ? colors.red("drift") : colors.green("ok");
  }

  private static String info(JsonNode resource) {
    var explicit = ChangesView.text(resource, "reconcileInfo");
    if (!explicit.isEmpty()) {
      return explicit;
    }
    var drift = resource.path("drift");
    if (drift.isObject() || drift.isArray()) {
      return Text.abbreviate(drift.toString());
    }
    return "";
  }

  private static boolean drifted(JsonNode drift) {
    if (drift.isBoolean()) {
      return drift.asBoolean();
    }
    if (drift.isTextual()) {
      return !drift.asText().isBlank() && !drift.asText().equals(IN_SYNC);
    }
    return !(drift.isNull() || drift.isMissingNode() || drift.isEmpty());
  }

  private static String summary(JsonNode overview) {
    return "\nLast change: "
        + orDash(ChangesView.text(overview, "lastChangeAt"))
        + successful(overview)
        + "\nLast reconcile: "
        + orDash(ChangesView.text(overview, "lastReconcileAt"))
        + "\nDrift: "
        + overview.path("driftCount").asInt(0)
        + ", ghost diffs: "
        + overview.path("ghostDiffCount").asInt(0)
        + inProgress(overview)
        + locked(overview)
        + "\n";
  }

  /** Issue 27: a change freeze in force, with who set it, when and why (the overview's). */
  private static String locked(JsonNode overview) {
    if (!overview.path("locked").asBoolean(false)) {
      return "";
    }
    return "\nLocked: by "
        + orDash(ChangesView.text(overview, "lockedBy"))
        + " since "
        + orDash(ChangesView.text(overview, "lockedAt"))
        + ": "
        + ChangesView.text(overview, "lockReason");
  }

  private static String successful(JsonNode overview) {
    var value = overview.path("lastChangeSuccessful");
    return value.isBoolean() ? (value.asBoolean() ? " (successful)" : " (failed)") : "";
  }

  private static String inProgress(JsonNode overview) {
    var inProgress = ChangesView.text(overview, "changeInProgress");
    return inProgress.isEmpty() ? "" : "\nChange in progress: " + inProgress;
  }

  private static String orDash(String value) {
    return value.isEmpty() ? "-" : value;
  }
}
