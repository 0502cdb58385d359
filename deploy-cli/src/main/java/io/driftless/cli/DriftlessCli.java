package io.driftless.cli;

import java.io.PrintWriter;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/** The {@code driftless} command, main class of the executable jar. */
@Command(
    name = "driftless",
    scope = ScopeType.INHERIT,
    mixinStandardHelpOptions = true,
    versionProvider = ManifestVersion.class,
    description = "Deploys apps to Kubernetes through a Driftless server, kapp-style.",
    synopsisSubcommandLabel = "COMMAND",
    subcommands = {
      DeployCommand.class,
      DeleteCommand.class,
      ReconcileCommand.class,
      RollbackCommand.class,
      LockCommand.class,
      UnlockCommand.class,
      ListCommand.class,
      InspectCommand.class,
      AppChangeCommand.class,
      AuditCommand.class,
      InventoryCommand.class,
      GhostDiffsCommand.class,
      ProjectionsCommand.class,
      SubscriptionsCommand.class,
      DiffCommand.class,
      CompletionCommand.class
    })
public final class DriftlessCli implements Callable<Integer> {

  @Spec CommandSpec spec;

  private final CliContext context;

  DriftlessCli(CliContext context) {
    this.context = context;
  }

  public static void main(String[] args) {
    if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
      // Answered before the command tree is built (picocli reflects over every command): the
      // one command scripts run to check the install, and it starts in half the time.
      System.out.println(ManifestVersion.text());
      return;
    }
    var context = new CliContext(System.getenv(), new SystemTerminal(), Clock.systemDefaultZone());
    System.exit(commandLine(context).execute(args));
  }

  /**
   * Runs one command in this JVM, as {@code main} would without exiting: for tests in other modules
   * (the CLI against a standalone server). No terminal: nothing is asked.
   */
  public static int execute(
      Map<String, String> environment, PrintWriter out, PrintWriter err, String... args) {
    var context = new CliContext(environment, Terminal.NONE, Clock.systemDefaultZone());
    var commandLine = commandLine(context);
    commandLine.setOut(out);
    commandLine.setErr(err);
    return commandLine.execute(args);
  }

  /** The command tree; {@code environment} stands in for the process environment in tests. */
  static CommandLine commandLine(Map<String, String> environment) {
    return commandLine(new CliContext(environment, Terminal.NONE, Clock.systemDefaultZone()));
  }

  static CommandLine commandLine(CliContext context) {
    return new CommandLine(new DriftlessCli(context))
        .registerConverter(ServerAddress.class, ServerAddress::parse)
        .setCaseInsensitiveEnumValuesAllowed(true)
        .setDefaultValueProvider(new ServerDefault(context.environment()))
        .setExecutionExceptionHandler(new FailureHandler());
  }

  CliContext context() {
    return context;
  }

  @Override
  public Integer call() {
    throw new ParameterException(spec.commandLine(), "Missing required command");
  }
}
