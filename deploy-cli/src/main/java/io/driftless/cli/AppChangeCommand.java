package io.driftless.cli;

import picocli.CommandLine.Command;

/** {@code driftless app-change}: kapp app-change, the app's recorded changes. */
@Command(
    name = "app-change",
    aliases = "ac",
    description = "Lists, shows and diffs an app's changes; aborts a stuck one.",
    synopsisSubcommandLabel = "COMMAND",
    subcommands = {
      AppChangeListCommand.class,
      AppChangeShowCommand.class,
      AppChangeDiffCommand.class,
      AppChangeAbortCommand.class
    })
final class AppChangeCommand {}
