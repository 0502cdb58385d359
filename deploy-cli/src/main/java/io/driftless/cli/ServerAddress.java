package io.driftless.cli;

import java.net.URI;
import java.net.URISyntaxException;
import picocli.CommandLine.TypeConversionException;

/** The base URL of a Driftless server; API paths are resolved below its path. */
record ServerAddress(URI base) {

  static ServerAddress parse(String url) {
    try {
      var uri = new URI(url.strip());
      var scheme = uri.getScheme();
      if (uri.getHost() == null || !("http".equals(scheme) || "https".equals(scheme))) {
        throw invalid(url);
      }
      return new ServerAddress(uri);
    } catch (URISyntaxException e) {
      throw invalid(url);
    }
  }

  /** {@code path} starts with '/'; {@code query} may be null. */
  URI resolve(String path, String query) {
    var basePath = base.getPath() == null ? "" : base.getPath().replaceAll("/+$", "");
    try {
      return new URI(base.getScheme(), base.getAuthority(), basePath + path, query, null);
    } catch (URISyntaxException e) {
      throw new CliFailure("cannot build a request URL from " + base + " and " + path);
    }
  }

  @Override
  public String toString() {
    return base.toString();
  }

  private static TypeConversionException invalid(String url) {
    return new TypeConversionException(
        "'" + url + "' is not a server URL; expected http://HOST:PORT or https://HOST:PORT");
  }
}
