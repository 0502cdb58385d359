package io.driftless.diff.plan;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Kubernetes resource quantities compared by value: {@code 2000m} equals {@code 2}, {@code 1024Mi}
 * equals {@code 1Gi}, {@code 1e3} equals {@code 1k}, and a YAML number equals its text ({@code cpu:
 * 2} and {@code "2"}). The API server rewrites quantities into a canonical form, so comparing their
 * text would show a change on every deploy.
 *
 * <p>Only fields that hold quantities are compared this way: the values of {@code limits}, {@code
 * requests}, {@code hard}, {@code capacity}, {@code allocatable}, {@code overhead}, {@code
 * podFixed}, a LimitRange's {@code max}, {@code min}, {@code default}, {@code defaultRequest} and
 * {@code maxLimitRequestRatio}, and {@code sizeLimit}; the field names are matched wherever they
 * are (a pod template inside a custom resource too). Elsewhere {@code "1000"} and {@code "1k"} stay
 * different strings.
 */
final class Quantities {

  private static final Set<String> QUANTITY_MAPS =
      Set.of(
          "limits",
          "requests",
          "hard",
          "capacity",
          "allocatable",
          "overhead",
          "podFixed",
          "max",
          "min",
          "default",
          "defaultRequest",
          "maxLimitRequestRatio");
  private static final Pattern QUANTITY =
      Pattern.compile(
          "([+-]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+))(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE]|[eE][+-]?[0-9]+)?");
  private static final Map<String, BigDecimal> SUFFIXES =
      Map.ofEntries(
          Map.entry("n", new BigDecimal("1e-9")),
          Map.entry("u", new BigDecimal("1e-6")),
          Map.entry("m", new BigDecimal("1e-3")),
          Map.entry("k", new BigDecimal("1e3")),
          Map.entry("M", new BigDecimal("1e6")),
          Map.entry("G", new BigDecimal("1e9")),
          Map.entry("T", new BigDecimal("1e12")),
          Map.entry("P", new BigDecimal("1e15")),
          Map.entry("E", new BigDecimal("1e18")),
          Map.entry("Ki", BigDecimal.valueOf(1L << 10)),
          Map.entry("Mi", BigDecimal.valueOf(1L << 20)),
          Map.entry("Gi", BigDecimal.valueOf(1L << 30)),
          Map.entry("Ti", BigDecimal.valueOf(1L << 40)),
          Map.entry("Pi", BigDecimal.valueOf(1L << 50)),
          Map.entry("Ei", BigDecimal.valueOf(1L << 60)));

  private Quantities() {}

  /** Whether the field at {@code fields} (map keys from the root) holds a quantity. */
  static boolean isQuantityField(List<String> fields) {
    int size = fields.size();
    if (size == 0) {
      return false;
    }
    return "sizeLimit".equals(fields.get(size - 1))
        || (size > 1 && QUANTITY_MAPS.contains(fields.get(size - 2)));
  }

  /** Whether two scalars are the same quantity; false when either is no quantity. */
  static boolean sameQuantity(JsonNode a, JsonNode b) {
    if (!a.isValueNode() || !b.isValueNode() || a.isBoolean() || b.isBoolean()) {
      return false;
    }
    BigDecimal left = value(a.asText());
    BigDecimal right = value(b.asText());
    return left != null && right != null && left.compareTo(right) == 0;
  }

  /** The value of a quantity text, or null when the text is no quantity. */
  static BigDecimal value(String text) {
    Matcher m = QUANTITY.matcher(text.strip());
    if (!m.matches()) {
      return null;
    }
    BigDecimal number = new BigDecimal(m.group(1));
    String suffix = m.group(2);
    if (suffix == null) {
      return number;
    }
    if (suffix.startsWith("e") || suffix.startsWith("E")) {
      return number.scaleByPowerOfTen(Integer.parseInt(suffix.substring(1)));
    }
    return number.multiply(SUFFIXES.get(suffix));
  }
}
