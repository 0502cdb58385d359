package io.driftless.sandbox.defaults;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Resource quantities as the API server writes them back: k8s.io/apimachinery's resource.Quantity
 * keeps no text, so what is stored is its canonical form (CanonicalizeBytes) in the format of the
 * suffix it was sent with: {@code 1000m} is {@code "1"}, {@code 0.5} is {@code "500m"}, {@code
 * 1024Mi} is {@code "1Gi"}, a number {@code 2} is the string {@code "2"}. Values of a ResourceList
 * are first rounded up to milli units (SetDefaults_ResourceList).
 */
final class Quantities {

  private static final Pattern QUANTITY = Pattern.compile("([+-]?[0-9]*\\.?[0-9]*)(.*)");
  private static final Pattern EXPONENT = Pattern.compile("[eE]([+-]?[0-9]+)");
  private static final List<String> BINARY = List.of("", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei");
  private static final List<String> DECIMAL =
      List.of("n", "u", "m", "", "k", "M", "G", "T", "P", "E");
  private static final BigDecimal KI = BigDecimal.valueOf(1024);

  private Quantities() {}

  /** Canonicalizes every value of the resource list under {@code field}, rounded up to milli. */
  static void resourceList(ObjectNode parent, String field) {
    var list = parent.get(field);
    if (list instanceof ObjectNode values) {
      values
          .fields()
          .forEachRemaining(
              entry -> {
                var canonical = canonical(entry.getValue(), true);
                if (canonical != null) {
                  entry.setValue(values.textNode(canonical));
                }
              });
    }
  }

  /** Canonicalizes the single quantity under {@code field} (an emptyDir's sizeLimit). */
  static void single(ObjectNode parent, String field) {
    var value = parent.get(field);
    var canonical = value == null ? null : canonical(value, false);
    if (canonical != null) {
      parent.put(field, canonical);
    }
  }

  /** The canonical text of a quantity, or null when it does not parse (validation's business). */
  static String canonical(JsonNode node, boolean roundToMilli) {
    if (!node.isTextual() && !node.isNumber()) {
      return null;
    }
    var matcher = QUANTITY.matcher(node.asText().trim());
    if (!matcher.matches() || matcher.group(1).isEmpty() || matcher.group(1).equals(".")) {
      return null;
    }
    var suffix = matcher.group(2);
    BigDecimal value;
    String format;
    try {
      value = new BigDecimal(matcher.group(1));
    } catch (NumberFormatException e) {
      return null;
    }
    var exponent = EXPONENT.matcher(suffix);
    if (BINARY.contains(suffix) && !suffix.isEmpty()) {
      value = value.multiply(KI.pow(BINARY.indexOf(suffix)));
      format = "binary";
    } else if (DECIMAL.contains(suffix)) {
      value = value.scaleByPowerOfTen(3 * (DECIMAL.indexOf(suffix) - 3));
      format = "decimal";
    } else if (exponent.matches()) {
      value = value.scaleByPowerOfTen(Integer.parseInt(exponent.group(1)));
      format = "exponent";
    } else {
      return null;
    }
    if (roundToMilli) {
      value = value.setScale(3, RoundingMode.CEILING);
    }
    if (format.equals("binary") && value.abs().compareTo(KI) >= 0 && isInteger(value)) {
      return binary(value.toBigIntegerExact());
    }
    return decimal(value, format.equals("exponent"));
  }

  private static String binary(BigInteger value) {
    var power = 0;
    var mantissa = value;
    var ki = BigInteger.valueOf(1024);
    while (power < BINARY.size() - 1 && mantissa.mod(ki).signum() == 0 && mantissa.signum() != 0) {
      mantissa = mantissa.divide(ki);
      power++;
    }
    return mantissa + BINARY.get(power);
  }

  /** The integer mantissa with the largest exponent that is a multiple of 3 (AsCanonicalBytes). */
  private static String decimal(BigDecimal value, boolean exponentForm) {
    if (value.signum() == 0) {
      return "0";
    }
    var exponent = -9;
    for (var e = 18; e >= -9; e -= 3) {
      if (isInteger(value.scaleByPowerOfTen(-e))) {
        exponent = e;
        break;
      }
    }
    var mantissa = value.scaleByPowerOfTen(-exponent).setScale(0, RoundingMode.CEILING);
    if (exponentForm) {
      return exponent == 0 ? mantissa.toPlainString() : mantissa.toPlainString() + "e" + exponent;
    }
    return mantissa.toPlainString() + DECIMAL.get(exponent / 3 + 3);
  }

  private static boolean isInteger(BigDecimal value) {
    return value.signum() == 0 || value.stripTrailingZeros().scale() <= 0;
  }
}
