package io.driftless.cli;

import java.util.Map;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Supplies defaults from the environment at run time: {@code --server} from {@code
 * DRIFTLESS_SERVER} (else the standalone server on this machine), {@code --query-server} from
 * {@code DRIFTLESS_QUERY_SERVER}, {@code --token} from {@code DRIFTLESS_TOKEN}. A provider rather
 * than {@code ${env:...}} in the annotations so tests can pass an environment of their own.
 */
final class ServerDefault implements IDefaultValueProvider {

  static final String ENVIRONMENT_VARIABLE = "DRIFTLESS_SERVER";
  static final String QUERY_VARIABLE = "DRIFTLESS_QUERY_SERVER";
  static final String TOKEN_VARIABLE = "DRIFTLESS_TOKEN";
  static final String LOCAL_SERVER = "http://localhost:8080";

  private final Map<String, String> environment;

  ServerDefault(Map<String, String> environment) {
    this.environment = Map.copyOf(environment);
  }

  @Override
  public String defaultValue(ArgSpec argSpec) {
    if (!(argSpec instanceof OptionSpec option)) {
      return null;
    }
    return switch (option.longestName()) {
      case ClientOptions.SERVER_OPTION ->
          orElse(environment.get(ENVIRONMENT_VARIABLE), LOCAL_SERVER);
      case ClientOptions.QUERY_SERVER_OPTION -> orElse(environment.get(QUERY_VARIABLE), null);
      case ClientOptions.TOKEN_OPTION -> orElse(environment.get(TOKEN_VARIABLE), null);
      default -> null;
    };
  }

  private static String orElse(String value, String otherwise) {
    return value == null || value.isBlank() ? otherwise : value;
  }
}
