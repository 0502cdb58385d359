package io.driftless.cli;

import picocli.CommandLine.IVersionProvider;

/** {@code --version}: the Implementation-Version the shaded jar's manifest carries. */
final class ManifestVersion implements IVersionProvider {

  @Override
  public String[] getVersion() {
    return new String[] {text()};
  }

  static String text() {
    var version = DriftlessCli.class.getPackage().getImplementationVersion();
    return "driftless " + (version == null ? "(development build)" : version);
  }

  /** The CLI's {@code User-Agent}: {@code driftless-cli/<version>} ({@code dev} unpackaged). */
  static String userAgent() {
    var version = DriftlessCli.class.getPackage().getImplementationVersion();
    return "driftless-cli/" + (version == null ? "dev" : version);
  }
}
