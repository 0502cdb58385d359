package io.driftless.diff.resources;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Jackson's reasons for refusing a JSON body, in words for a person: without the settings and
 * classes Jackson names ({@code JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS}, {@code
 * StreamReadConstraints.getMaxNameLength()}, {@code com.fasterxml...JsonNode}) and without what may
 * quote the body (the text of an unrecognised token, the source excerpt of a location). The place
 * is added as {@code (line 3, column 7)}.
 */
final class JsonProblems {

  /** Jackson's message (start) and what to say instead, for messages that name its settings. */
  private static final Map<Pattern, String> REWORDED =
      Map.of(
          Pattern.compile("^Trailing token.*"), "more than one JSON value in the body",
          Pattern.compile("^Non-standard token '(NaN|Infinity|-Infinity|\\+Infinity)'.*"),
              "$1 is not a JSON number",
          Pattern.compile("^Unexpected character \\('/' \\(code 47\\)\\).*"),
              "JSON has no comments (found '/')",
          Pattern.compile("^Unexpected character \\('\\+' \\(code 43\\)\\) in numeric value.*"),
              "a JSON number cannot start with '+'");

  private static final Pattern UNRECOGNISED_TOKEN = Pattern.compile("Unrecognized token '[^']*'");
  private static final Pattern START_MARKER = Pattern.compile(" \\(start marker at \\[Source: .*");
  private static final Pattern SETTING = Pattern.compile("`[^`]*`|Feature '[A-Z_]+'");
  private static final Pattern CONSTRAINT =
      Pattern.compile(
          "^(Document nesting depth|Number value length|String value length|Name length)"
              + " \\((\\d+)\\) exceeds the maximum allowed \\((\\d+).*");

  private JsonProblems() {}

  /** Whether Jackson refused the body for nesting deeper than its reader allows. */
  static boolean tooDeep(JacksonException e) {
    return e instanceof StreamConstraintsException
        && String.valueOf(e.getOriginalMessage()).startsWith("Document nesting depth");
  }

  /** The problem and its place. */
  static String describe(JacksonException e) {
    return problem(e) + place(e);
  }

  /** {@code (line 3, column 7)}, or nothing when Jackson does not know. */
  static String place(JacksonException e) {
    var location = e.getLocation();
    return location == null || location.getLineNr() < 1
        ? ""
        : " (line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
  }

  private static String problem(JacksonException e) {
    String message = String.valueOf(e.getOriginalMessage());
    if (e instanceof StreamConstraintsException) {
      return constraint(message);
    }
    for (var rewording : REWORDED.entrySet()) {
      Matcher matcher = rewording.getKey().matcher(message);
      if (matcher.matches()) {
        return matcher.replaceFirst(rewording.getValue());
      }
    }
    String plain = UNRECOGNISED_TOKEN.matcher(message).replaceAll("Unrecognized token");
    plain = START_MARKER.matcher(plain).replaceAll("");
    return SETTING.matcher(plain).find() ? "not valid JSON" : plain;
  }

  private static String constraint(String message) {
    Matcher matcher = CONSTRAINT.matcher(message);
    if (!matcher.matches()) {
      return "the body breaks a limit of the JSON reader";
    }
    long limit = Long.parseLong(matcher.group(3));
    return switch (matcher.group(1)) {
      case "Document nesting depth" -> "nested more than " + number(limit) + " levels deep";
      case "Number value length" -> "a number has more than " + number(limit) + " digits";
      case "String value length" -> "a string has more than " + number(limit) + " characters";
      default -> "a key has more than " + number(limit) + " characters";
    };
  }

  private static String number(long value) {
    return String.format(Locale.ROOT, "%,d", value);
  }
}
