package io.driftless.sandbox;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Map;

/**
 * The few ASN.1 DER values an X.509 v3 certificate of {@link TlsIdentity} is made of (ITU-T X.690,
 * RFC 5280): each method returns one whole value, tag and length included. Times before 2050 are
 * UTCTime, later ones GeneralizedTime, as RFC 5280 section 4.1.2.5 asks.
 */
final class Der {

  /** The signature algorithms a sandbox certificate is signed with: their AlgorithmIdentifier. */
  private static final Map<String, byte[]> ALGORITHMS =
      Map.of(
          "SHA256withECDSA", sequence(oid("1.2.840.10045.4.3.2")),
          "SHA256withRSA", sequence(oid("1.2.840.113549.1.1.11"), nullValue()));

  private static final DateTimeFormatter UTC_TIME =
      DateTimeFormatter.ofPattern("yyMMddHHmmss'Z'").withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter GENERALIZED_TIME =
      DateTimeFormatter.ofPattern("yyyyMMddHHmmss'Z'").withZone(ZoneOffset.UTC);
  private static final Instant YEAR_2050 = Instant.parse("2050-01-01T00:00:00Z");

  private Der() {}

  static byte[] sequence(byte[]... values) {
    return tagged(0x30, concat(values));
  }

  static byte[] set(byte[]... values) {
    return tagged(0x31, concat(values));
  }

  /** NULL, the parameters of an RSA algorithm identifier. */
  static byte[] nullValue() {
    return new byte[] {0x05, 0x00};
  }

  static byte[] integer(BigInteger value) {
    return tagged(0x02, value.toByteArray());
  }

  /** A BIT STRING of whole bytes (no unused bits). */
  static byte[] bits(byte[] bytes) {
    return tagged(0x03, concat(new byte[] {0}, bytes));
  }

  static byte[] octets(byte[] bytes) {
    return tagged(0x04, bytes);
  }

  static byte[] utf8(String text) {
    return tagged(0x0c, text.getBytes(StandardCharsets.UTF_8));
  }

  static byte[] time(Instant instant) {
    return instant.isBefore(YEAR_2050)
        ? tagged(0x17, UTC_TIME.format(instant).getBytes(StandardCharsets.US_ASCII))
        : tagged(0x18, GENERALIZED_TIME.format(instant).getBytes(StandardCharsets.US_ASCII));
  }

  /** An OBJECT IDENTIFIER from its dotted form. */
  static byte[] oid(String dotted) {
    var arcs = dotted.split("\\.");
    var body = new ByteArrayOutputStream();
    body.write(Integer.parseInt(arcs[0]) * 40 + Integer.parseInt(arcs[1]));
    for (int i = 2; i < arcs.length; i++) {
      var arc = Long.parseLong(arcs[i]);
      var groups = new ByteArrayOutputStream();
      do {
        groups.write((int) (arc & 0x7f));
        arc >>>= 7;
      } while (arc > 0);
      var base128 = groups.toByteArray();
      for (int j = base128.length - 1; j >= 0; j--) {
        body.write(j == 0 ? base128[j] : base128[j] | 0x80);
      }
    }
    return tagged(0x06, body.toByteArray());
  }

  /** The AlgorithmIdentifier of a JDK signature algorithm name this class knows. */
  static byte[] algorithm(String signatureAlgorithm) {
    var identifier = ALGORITHMS.get(signatureAlgorithm);
    if (identifier == null) {
      throw new IllegalArgumentException(
          "no sandbox certificate signed with " + signatureAlgorithm);
    }
    return identifier.clone();
  }

  /** A value of {@code tag} holding {@code content}, with its definite length. */
  static byte[] tagged(int tag, byte[] content) {
    var out = new ByteArrayOutputStream(content.length + 6);
    out.write(tag);
    var length = content.length;
    if (length < 0x80) {
      out.write(length);
    } else {
      var bytes = BigInteger.valueOf(length).toByteArray();
      var start = bytes[0] == 0 ? 1 : 0;
      out.write(0x80 | (bytes.length - start));
      out.write(bytes, start, bytes.length - start);
    }
    out.writeBytes(content);
    return out.toByteArray();
  }

  private static byte[] concat(byte[]... values) {
    var out = new ByteArrayOutputStream();
    for (var value : values) {
      out.writeBytes(value);
    }
    return out.toByteArray();
  }
}
