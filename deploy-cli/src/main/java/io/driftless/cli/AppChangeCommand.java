package io.driftless.cli;

import picocli.CommandLine.Command;

/** {@code driftless app-change}: kapp app-change, the app's recorded changes. */
@Command(
    name = "app-change",
    aliases = "ac",
    description = "Lists and shows an app's changes; aborts a stuck one.",
    synopsisSubcommandLabel = "COMMAND",
    subcommands = {
      AppChangeListCommand.class,
      AppChangeShowCommand.class,
      AppChangeAbortCommand.class
    })
final class AppChangeCommand {}
