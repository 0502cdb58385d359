package io.driftless.command.deploy;

import io.driftless.diff.resources.ManifestFormat;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The deploy body's {@code Content-Type}: YAML ({@code application/yaml}, {@code
 * application/x-yaml}, {@code text/yaml}) or JSON ({@code application/json}), parameters allowed
 * ({@code ; charset=utf-8}; without one the body is UTF-8). Anything else, or none, is refused
 * before the body is read: curl's default form type would otherwise be read as YAML.
 *
 * @param format how to read the body
 * @param charset how to decode it
 */
record ManifestContentType(ManifestFormat format, Charset charset) {

  /** The accepted types, as a message lists them. */
  static final List<String> ACCEPTED =
      List.of("application/yaml", "application/x-yaml", "text/yaml", "application/json");

  private static final String FORM = "application/x-www-form-urlencoded";

  /**
   * Reads a {@code Content-Type} header.
   *
   * @throws UnsupportedContentTypeException when it is missing, malformed or not accepted
   */
  static ManifestContentType of(String header) {
    if (header == null || header.isBlank()) {
      throw refused("A deploy body needs a Content-Type header", List.of());
    }
    String[] parts = header.split(";", -1);
    String essence = parts[0].trim().toLowerCase(Locale.ROOT);
    if (!ACCEPTED.contains(essence)) {
      throw refused(
          "The Content-Type "
              + QueryParameters.echo(essence)
              + " is not accepted for a deploy body",
          essence.equals(FORM) ? List.of(curlHint()) : List.of());
    }
    var format = essence.endsWith("json") ? ManifestFormat.JSON : ManifestFormat.YAML;
    return new ManifestContentType(format, charset(parts));
  }

  /** The {@code charset} parameter, UTF-8 without one; other parameters are ignored. */
  private static Charset charset(String[] parts) {
    for (int i = 1; i < parts.length; i++) {
      String[] pair = parts[i].split("=", 2);
      if (pair.length == 2 && pair[0].trim().equalsIgnoreCase("charset")) {
        return charset(pair[1].trim().replace("\"", ""));
      }
    }
    return StandardCharsets.UTF_8;
  }

  private static Charset charset(String name) {
    try {
      return Charset.forName(name);
    } catch (IllegalArgumentException e) {
      throw new UnsupportedContentTypeException(
          "The charset " + QueryParameters.echo(name) + " is not supported; send UTF-8.",
          List.of("charset: use utf-8"));
    }
  }

  private static UnsupportedContentTypeException refused(String problem, List<String> hints) {
    var details = new ArrayList<String>();
    details.add("accepted: " + String.join(", ", ACCEPTED));
    details.addAll(hints);
    return new UnsupportedContentTypeException(
        problem + "; send one of " + String.join(", ", ACCEPTED) + ".", details);
  }

  private static String curlHint() {
    return "curl -d sends a form and drops line breaks from files: use"
        + " -H 'Content-Type: application/yaml' --data-binary @app.yml";
  }
}
