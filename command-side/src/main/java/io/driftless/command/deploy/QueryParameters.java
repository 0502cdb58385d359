package io.driftless.command.deploy;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Reads typed values from a raw query string and collects every problem, so one 400 names them all.
 * Only the query string is read, never the servlet's parameter map, which for a form content type
 * would consume the body.
 */
final class QueryParameters {

  private static final int MAX_ECHO = 60;

  /** kapp flag names whose API parameter has another name. */
  private static final Map<String, String> ALIASES = Map.of("diffrun", "dryRun");

  private final Map<String, List<String>> values;
  private final List<String> problems = new ArrayList<>();

  /** The problems of request headers read with the parameters (provenance), after theirs. */
  private final List<String> headerProblems = new ArrayList<>();

  private QueryParameters(Map<String, List<String>> values) {
    this.values = values;
  }

  /**
   * Splits and percent-decodes a raw query string ({@code +} is a space, as in forms).
   *
   * @throws BadParameterException when the percent-encoding is broken
   */
  static QueryParameters of(String rawQuery) {
    var values = new LinkedHashMap<String, List<String>>();
    if (rawQuery != null) {
      for (String pair : rawQuery.split("&")) {
        if (!pair.isEmpty()) {
          int eq = pair.indexOf('=');
          String name = decode(eq < 0 ? pair : pair.substring(0, eq));
          String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
          values.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
        }
      }
    }
    return new QueryParameters(values);
  }

  boolean bool(String name, boolean fallback) {
    return read(name, fallback, "true or false", QueryParameters::parseBoolean);
  }

  int count(String name, int fallback) {
    return read(name, fallback, "an integer >= 0", QueryParameters::parseCount);
  }

  Duration duration(String name, Duration fallback) {
    return read(
        name,
        fallback,
        "a duration greater than 0 such as 5m, 30s, 1h30m or 500ms (units: h, m, s, ms, us, ns)",
        text -> GoDuration.parse(text).filter(d -> !d.isZero()));
  }

  /** The single value of a parameter, if given; a repeated parameter is a problem. */
  Optional<String> text(String name) {
    List<String> given = values.getOrDefault(name, List.of());
    if (given.size() > 1) {
      problem(name, "given " + given.size() + " times; give it once");
      return Optional.empty();
    }
    return given.stream().findFirst();
  }

  /** Every value of a parameter that may be repeated ({@code meta}), in order; empty if none. */
  List<String> all(String name) {
    return List.copyOf(values.getOrDefault(name, List.of()));
  }

  /** Adds a problem of a request header read with the parameters: {@code header: problem}. */
  void headerProblem(String header, String problem) {
    headerProblems.add(header + ": " + problem);
  }

  /** Adds a problem of a parameter: {@code name: problem}. */
  void problem(String name, String problem) {
    problems.add(name + ": " + problem);
  }

  /** Makes every parameter outside {@code known} a problem, suggesting a close match. */
  void refuseUnknown(List<String> known) {
    for (String name : values.keySet()) {
      if (!known.contains(name)) {
        String hint =
            known.stream()
                .filter(k -> k.toLowerCase(Locale.ROOT).equals(normalised(name)))
                .findFirst()
                .or(() -> Optional.ofNullable(ALIASES.get(normalised(name))))
                .map(k -> " (did you mean " + k + "?)")
                .orElse("");
        problem(name, "unknown parameter" + hint + "; accepted: " + String.join(", ", known));
      }
    }
  }

  /** Throws {@link BadParameterException} when any problem was found. */
  void throwIfProblems() {
    if (problems.isEmpty() && headerProblems.isEmpty()) {
      return;
    }
    if (headerProblems.isEmpty()) {
      String message =
          problems.size() == 1
              ? "Query parameter " + problems.get(0) + "."
              : problems.size() + " query parameters are invalid (see details).";
      throw new BadParameterException(message, problems);
    }
    var all = new ArrayList<>(problems);
    all.addAll(headerProblems);
    String message =
        all.size() == 1
            ? "Header " + headerProblems.get(0) + "."
            : all.size() + " query parameters or headers are invalid (see details).";
    throw new BadParameterException(message, all);
  }

  private <T> T read(
      String name, T fallback, String expected, Function<String, Optional<T>> parser) {
    Optional<String> given = text(name);
    if (given.isEmpty()) {
      return fallback;
    }
    Optional<T> parsed = parser.apply(given.get());
    if (parsed.isEmpty()) {
      problem(name, "must be " + expected + ", got " + echo(given.get()));
      return fallback;
    }
    return parsed.get();
  }

  /** A value for a message: quoted, cut short. */
  static String echo(String value) {
    String shown = value.length() > MAX_ECHO ? value.substring(0, MAX_ECHO) + "..." : value;
    return "\"" + shown + "\"";
  }

  private static Optional<Boolean> parseBoolean(String text) {
    if (text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false")) {
      return Optional.of(Boolean.parseBoolean(text));
    }
    return Optional.empty();
  }

  private static Optional<Integer> parseCount(String text) {
    if (!text.matches("\\d{1,9}")) {
      return Optional.empty();
    }
    return Optional.of(Integer.parseInt(text));
  }

  private static String normalised(String name) {
    return name.replace("-", "").replace("_", "").toLowerCase(Locale.ROOT);
  }

  private static String decode(String text) {
    try {
      return URLDecoder.decode(text, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw new BadParameterException(
          "The query string is not valid percent-encoding.",
          List.of("query: a '%' must be followed by two hexadecimal digits"));
    }
  }
}
