package io.driftless.security;

/**
 * Takes request bytes out of a log line. Tomcat quotes what it could not parse in brackets: {@code
 * The HTTP header line [Authorization:Bearer <token>0x0d] does not conform to RFC 9112}, {@code
 * Invalid character found in method name [...]}. Everything from the first bracket that holds more
 * than a state name or a number ({@code [CLOSE_CLEAN]}, {@code [8]} stay) to the last closing
 * bracket of the text becomes {@code [<not shown: N characters>]}: a header value may itself hold a
 * bracket, so the cut does not stop at the next one. Without a closing bracket after it, the rest
 * of the text goes.
 */
final class RequestDataRedaction {

  private RequestDataRedaction() {}

  static String redact(String text) {
    if (text == null) {
      return null;
    }
    int start = firstUnsafeBracket(text);
    if (start < 0) {
      return text;
    }
    int end = text.lastIndexOf(']');
    if (end <= start) {
      end = text.length();
    }
    int hidden = end - start - 1;
    return text.substring(0, start + 1)
        + "<not shown: "
        + hidden
        + " characters>"
        + (end < text.length() ? text.substring(end) : "]");
  }

  private static int firstUnsafeBracket(String text) {
    int from = 0;
    while (true) {
      int open = text.indexOf('[', from);
      if (open < 0) {
        return -1;
      }
      int close = text.indexOf(']', open + 1);
      if (close < 0 || !isStateOrNumber(text.substring(open + 1, close))) {
        return open;
      }
      from = close + 1;
    }
  }

  private static boolean isStateOrNumber(String inside) {
    return !inside.isEmpty()
        && (inside.chars().allMatch(c -> (c >= 'A' && c <= 'Z') || c == '_')
            || inside.chars().allMatch(c -> c >= '0' && c <= '9'));
  }
}
