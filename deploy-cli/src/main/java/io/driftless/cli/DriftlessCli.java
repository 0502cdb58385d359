package io.driftless.cli;

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
    subcommands = {DeployCommand.class, DiffCommand.class, DeleteCommand.class})
public final class DriftlessCli implements Callable<Integer> {

  @Spec CommandSpec spec;

  public static void main(String[] args) {
    System.exit(commandLine(System.getenv()).execute(args));
  }

  /** The command tree; {@code environment} stands in for the process environment in tests. */
  static CommandLine commandLine(Map<String, String> environment) {
    return new CommandLine(new DriftlessCli())
        .registerConverter(ServerAddress.class, ServerAddress::parse)
        .setCaseInsensitiveEnumValuesAllowed(true)
        .setDefaultValueProvider(new ServerDefault(environment))
        .setExecutionExceptionHandler(new FailureHandler());
  }

  @Override
  public Integer call() {
    throw new ParameterException(spec.commandLine(), "Missing required command");
  }
}
