package io.driftless.cli;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A query string built from values a user typed (a change id, a time, a meta value, a label): each
 * name and value percent-encoded as UTF-8, so {@code &}, {@code +}, {@code =} and {@code #} in a
 * value reach the server as they were typed. Null values are left out.
 */
final class Query {

  private final List<String> parameters = new ArrayList<>();

  Query add(String name, Object value) {
    if (value != null) {
      parameters.add(encoded(name) + "=" + encoded(value.toString()));
    }
    return this;
  }

  /** {@code name=true} when {@code on}, nothing otherwise. */
  Query flag(String name, boolean on) {
    return on ? add(name, "true") : this;
  }

  /** Each {@code key=value} of {@code values} as {@code prefix + key = value}. */
  Query addAll(String prefix, Map<String, String> values) {
    values.forEach((key, value) -> add(prefix + key, value));
    return this;
  }

  boolean isEmpty() {
    return parameters.isEmpty();
  }

  /** {@code a=1&b=2}, encoded; null when empty. */
  String encoded() {
    return parameters.isEmpty() ? null : String.join("&", parameters);
  }

  @Override
  public String toString() {
    return String.valueOf(encoded());
  }

  static String encoded(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
