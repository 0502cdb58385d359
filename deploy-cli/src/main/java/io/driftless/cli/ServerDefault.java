package io.driftless.cli;

import java.util.Map;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Supplies {@code --server}'s default at run time: {@code DRIFTLESS_SERVER}, else the standalone
 * server on this machine. A provider rather than {@code ${env:...}} in the annotation so tests can
 * pass an environment of their own.
 */
final class ServerDefault implements IDefaultValueProvider {

  static final String ENVIRONMENT_VARIABLE = "DRIFTLESS_SERVER";
  static final String LOCAL_SERVER = "http://127.0.0.1:8080";

  private final Map<String, String> environment;

  ServerDefault(Map<String, String> environment) {
    this.environment = Map.copyOf(environment);
  }

  @Override
  public String defaultValue(ArgSpec argSpec) {
    if (!(argSpec instanceof OptionSpec option)
        || !option.longestName().equals(ClientOptions.SERVER_OPTION)) {
      return null;
    }
    var configured = environment.get(ENVIRONMENT_VARIABLE);
    return configured == null || configured.isBlank() ? LOCAL_SERVER : configured;
  }
}
