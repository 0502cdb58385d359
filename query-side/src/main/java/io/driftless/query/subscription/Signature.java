package io.driftless.query.subscription;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The {@code Driftless-Signature} header: {@code t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">}
 * keyed with the subscription's secret. A receiver recomputes it over the raw body and compares in
 * constant time; the time lets it refuse replays older than it cares for.
 */
final class Signature {

  static final String HEADER = "Driftless-Signature";

  private Signature() {}

  /** The header's value for {@code body} sent at {@code unixSeconds}. */
  static String header(String secret, long unixSeconds, String body) {
    return "t=" + unixSeconds + ",v1=" + hmac(secret, unixSeconds + "." + body);
  }

  /** Hex HMAC-SHA256 of {@code text} under {@code secret}. */
  static String hmac(String secret, String text) {
    try {
      var mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
      return HexFormat.of().formatHex(mac.doFinal(text.getBytes(StandardCharsets.UTF_8)));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("Every Java runtime has HmacSHA256.", e);
    }
  }
}
