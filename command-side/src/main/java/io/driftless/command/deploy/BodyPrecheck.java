package io.driftless.command.deploy;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import io.driftless.diff.resources.ManifestException;
import io.driftless.diff.resources.ManifestException.Reason;
import io.driftless.diff.resources.ManifestFormat;
import java.io.IOException;
import java.math.BigInteger;
import java.util.List;
import java.util.Locale;

/**
 * Cheap checks of a deploy body before the diff engine parses it, for what would otherwise cost
 * seconds or come back in a parser's words.
 *
 * <ul>
 *   <li>JSON, in one streaming pass (no tree): nesting deeper than {@code maxNestingDepth} (the
 *       parser refuses YAML nested so deep in the same words), a number of more than 1,000 digits,
 *       an integer outside 64 bits or a number too large for a double (Kubernetes objects hold
 *       neither), anything after the body's one value, and more items in {@code resources} than
 *       {@code maxResources}. Problems name the place ({@code resources[0].spec.replicas}), never
 *       Jackson's classes or settings.
 *   <li>YAML: more top-level {@code kind:} lines (one per document written as a block map) than
 *       {@code maxResources}. Counting lines takes milliseconds; parsing 100,000 documents only to
 *       count them took seconds. The count is a lower bound (List items, flow-style documents and
 *       kapp {@code Config}s are not counted), so the parser's exact count still applies.
 * </ul>
 */
final class BodyPrecheck {

  private static final int MAX_NUMBER_DIGITS = 1_000;
  private static final String KIND = "kind:";
  private static final String CONFIG = "Config";

  private final int maxResources;
  private final int maxNestingDepth;
  private final JsonFactory json;

  BodyPrecheck(DeployLimits limits) {
    this.maxResources = limits.maxResources();
    this.maxNestingDepth = limits.maxNestingDepth();
    this.json =
        JsonFactory.builder()
            .streamReadConstraints(
                StreamReadConstraints.builder()
                    // deeper than the setting is refused below, with a message of ours
                    .maxNestingDepth(maxNestingDepth + 1)
                    .maxNumberLength(MAX_NUMBER_DIGITS)
                    .maxStringLength(Integer.MAX_VALUE)
                    .build())
            .build();
  }

  void check(String body, ManifestFormat format) {
    if (format == ManifestFormat.JSON) {
      checkJson(body);
    } else {
      checkYamlCount(body);
    }
  }

  private void checkYamlCount(String body) {
    int count = yamlKinds(body, maxResources + 1);
    if (count > maxResources) {
      throw tooMany("at least " + count);
    }
  }

  /**
   * The top-level {@code kind:} lines of a YAML body whose kind is not {@code Config}, counted up
   * to {@code stopAt}: the lines the pattern {@code (?m)^kind:[ \t]*([^\s#]*)} finds, without the
   * pattern's cost (a sixth of the parse of knative's 1 MB body).
   */
  static int yamlKinds(String body, int stopAt) {
    int count = 0;
    int at = body.indexOf(KIND);
    while (at >= 0 && count < stopAt) {
      int next = at + KIND.length();
      if (lineStart(body, at)) {
        int start = valueStart(body, next);
        next = valueEnd(body, start);
        if (!(next - start == CONFIG.length() && body.startsWith(CONFIG, start))) {
          count++;
        }
      }
      // as the pattern, the next line is looked for after the value (which may run over a line
      // terminator other than a line feed or a return)
      at = body.indexOf(KIND, next);
    }
    return count;
  }

  /** Whether {@code at} starts a line: the body's start, or after a line terminator. */
  private static boolean lineStart(String body, int at) {
    if (at == 0) {
      return true;
    }
    char before = body.charAt(at - 1);
    return before == '\n'
        || before == '\r'
        || before == '\u0085'
        || before == '\u2028'
        || before == '\u2029';
  }

  /** Where the value after {@code kind:} starts: past spaces and tabs. */
  private static int valueStart(String body, int from) {
    int start = from;
    while (start < body.length() && (body.charAt(start) == ' ' || body.charAt(start) == '\t')) {
      start++;
    }
    return start;
  }

  /** Where the value starting at {@code start} ends. */
  private static int valueEnd(String body, int start) {
    int end = start;
    while (end < body.length() && !endsValue(body.charAt(end))) {
      end++;
    }
    return end;
  }

  /**
   * Whitespace ({@code \s}: space, tab, line feed, vertical tab, form feed, return) or {@code #}.
   */
  private static boolean endsValue(char c) {
    return c == ' '
        || c == '\t'
        || c == '\n'
        || c == '\u000B'
        || c == '\f'
        || c == '\r'
        || c == '#';
  }

  private void checkJson(String body) {
    try (JsonParser parser = json.createParser(body)) {
      int depth = 0;
      int resources = 0;
      for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
        if (token.isStructStart()) {
          depth++;
          if (depth > maxNestingDepth) {
            throw ManifestException.nestedTooDeep(
                maxNestingDepth, where(parser) + ": nested " + depth + " levels deep");
          }
          if (depth == 3 && inResources(parser) && ++resources > maxResources) {
            throw tooMany(String.valueOf(resources) + " or more");
          }
        } else if (token.isStructEnd()) {
          depth--;
          if (depth == 0 && parser.nextToken() != null) {
            throw unparsable(
                "The manifest is not valid JSON.",
                "more than one JSON value in the body (line "
                    + parser.currentLocation().getLineNr()
                    + ")");
          }
        } else if (token.isNumeric()) {
          checkNumber(parser);
        }
      }
    } catch (StreamConstraintsException e) {
      throw unparsable(
          "The manifest has a number of more than " + MAX_NUMBER_DIGITS + " digits.",
          "a number has more than " + MAX_NUMBER_DIGITS + " digits");
    } catch (IOException e) {
      // not JSON: the parser says so, with the place
    }
  }

  private static boolean inResources(JsonParser parser) {
    var array = parser.getParsingContext().getParent();
    return array != null
        && array.inArray()
        && array.getParent() != null
        && "resources".equals(array.getParent().getCurrentName());
  }

  private static void checkNumber(JsonParser parser) throws IOException {
    if (parser.currentToken() == JsonToken.VALUE_NUMBER_INT) {
      BigInteger value = parser.getBigIntegerValue();
      if (value.bitLength() > 63) {
        throw unparsable(
            "The manifest has an integer outside the 64-bit range Kubernetes objects hold.",
            where(parser) + ": an integer of " + value.toString().length() + " digits");
      }
    } else if (!Double.isFinite(parser.getDoubleValue())) {
      throw unparsable(
          "The manifest has a number too large for Kubernetes objects.",
          where(parser) + ": a number beyond the range of a double");
    }
  }

  /** The JSON path of the current value: {@code resources[0].spec.replicas}. */
  private static String where(JsonParser parser) {
    var pointer = parser.getParsingContext().pathAsPointer().toString();
    var path = new StringBuilder();
    for (String part : pointer.substring(Math.min(1, pointer.length())).split("/")) {
      if (part.matches("\\d+")) {
        path.append('[').append(part).append(']');
      } else if (!part.isEmpty()) {
        path.append(path.length() == 0 ? "" : ".")
            .append(part.replace("~1", "/").replace("~0", "~"));
      }
    }
    return path.length() == 0 ? "the body" : path.toString();
  }

  private ManifestException tooMany(String count) {
    return new ManifestException(
        Reason.TOO_MANY_RESOURCES,
        String.format(
            Locale.ROOT,
            "The manifest holds %s resources, more than the limit of %,d.",
            count,
            maxResources),
        List.of("resources: " + count + ", limit: " + maxResources));
  }

  private static ManifestException unparsable(String message, String detail) {
    return new ManifestException(Reason.UNPARSABLE, message, List.of(detail));
  }
}
