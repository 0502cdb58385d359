package io.driftless.cli;

import picocli.CommandLine.Option;

/** {@code -a APP [-n NAMESPACE]}, kapp's names for the app a command works on. */
final class AppOptions {

  static final String DEFAULT_NAMESPACE = "default";

  @Option(
      names = {"-a", "--app"},
      paramLabel = "APP",
      required = true,
      description = "App name.")
  String app;

  @Option(
      names = {"-n", "--namespace"},
      paramLabel = "NAMESPACE",
      defaultValue = DEFAULT_NAMESPACE,
      description = "Namespace the app is recorded in (default: default).")
  String namespace;

  AppRef ref() {
    return new AppRef(namespace, app);
  }
}
