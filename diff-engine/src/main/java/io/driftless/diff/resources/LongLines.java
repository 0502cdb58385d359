package io.driftless.diff.resources;

import io.driftless.diff.resources.ManifestException.Reason;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Refuses a YAML body with a line longer than the object limit before SnakeYAML reads it.
 * SnakeYAML's reader copies its look-ahead window for every 1,024 characters of one token, so a
 * token's cost grows with the square of its length: one 5 MiB value took 7 s to parse, a 1 MiB one
 * 0.5 s. A line that long cannot belong to an object an API server accepts (a plain or quoted value
 * is at least as long in JSON), except through a long comment or escape sequences, which this
 * refuses too.
 *
 * <p>To name the resource, the document is parsed again without its over-long lines (small and
 * fast); when that fails, the message names the document and line only.
 */
final class LongLines {

  private LongLines() {}

  /**
   * Throws {@link Reason#OBJECT_TOO_LARGE} when a line is longer than {@code maxChars}.
   *
   * @param parse parses a document without its long lines, to name the resource
   */
  static void check(String body, long maxChars, Function<String, Manifest> parse) {
    if (body.length() <= maxChars) {
      return;
    }
    var scan = new Scan(body, maxChars);
    scan.firstLongLine().ifPresent(found -> refuse(found, scan, maxChars, parse));
  }

  private static void refuse(
      Scan.Found found, Scan scan, long maxChars, Function<String, Manifest> parse) {
    String where = "document " + found.document() + ", line " + found.line();
    String length = ObjectSizes.number(found.length()) + " characters";
    String limit = "more than the " + ObjectSizes.limit(maxChars);
    Optional<String> resource = name(scan.documentWithoutLongLines(found), parse);
    String message =
        resource
            .map(r -> r + " has a line of " + length + " (" + where + "): " + limit + ".")
            .orElse("The manifest has a line of " + length + " (" + where + "): " + limit + ".");
    String detail = where + ": " + resource.map(r -> r + ": ").orElse("") + length;
    throw new ManifestException(Reason.OBJECT_TOO_LARGE, message, List.of(detail));
  }

  private static Optional<String> name(String document, Function<String, Manifest> parse) {
    try {
      List<Resource> resources = parse.apply(document).resources();
      return resources.size() == 1
          ? Optional.of(resources.get(0).key().describe())
          : Optional.empty();
    } catch (ManifestException | IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  /** One pass over the lines, numbering documents as SnakeYAML does. */
  private static final class Scan {
    record Found(int document, int line, int length, int documentStart) {}

    private final String body;
    private final long maxChars;

    Scan(String body, long maxChars) {
      this.body = body;
      this.maxChars = maxChars;
    }

    Optional<Found> firstLongLine() {
      int document = 0;
      int documentStart = 0;
      int line = 0;
      for (int start = 0; start < body.length(); start = next(start)) {
        line++;
        int length = lineEnd(start) - start;
        if (isMarker(start, length)) {
          document++;
          documentStart = next(start);
        } else if (document == 0 && hasContent(start, length)) {
          document = 1;
        }
        if (length > maxChars) {
          return Optional.of(new Found(Math.max(document, 1), line, length, documentStart));
        }
      }
      return Optional.empty();
    }

    /** The lines of the found line's document, over-long ones left out. */
    String documentWithoutLongLines(Found found) {
      var text = new StringBuilder();
      for (int start = found.documentStart(); start < body.length(); start = next(start)) {
        int length = lineEnd(start) - start;
        if (start > found.documentStart() && isMarker(start, length)) {
          break;
        }
        if (length <= maxChars && !isMarker(start, length)) {
          text.append(body, start, lineEnd(start)).append('\n');
        }
      }
      return text.toString();
    }

    private int next(int start) {
      int newline = body.indexOf('\n', start);
      return newline < 0 ? body.length() : newline + 1;
    }

    private int lineEnd(int start) {
      int newline = body.indexOf('\n', start);
      int end = newline < 0 ? body.length() : newline;
      return end > start && body.charAt(end - 1) == '\r' ? end - 1 : end;
    }

    private boolean isMarker(int start, int length) {
      return body.startsWith("---", start)
          && (length == 3 || Character.isWhitespace(body.charAt(start + 3)));
    }

    private boolean hasContent(int start, int length) {
      for (int i = start; i < start + length; i++) {
        char c = body.charAt(i);
        if (c == '#') {
          return false;
        }
        if (!Character.isWhitespace(c)) {
          return true;
        }
      }
      return false;
    }
  }
}
