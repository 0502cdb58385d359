package io.driftless.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.time.Instant;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** The DER values of the sandbox's certificate, against encodings from X.690 and RFC 5280. */
class DerTest {

  private static final HexFormat HEX = HexFormat.of();

  @Test
  void objectIdentifiersAreBase128WithTheFirstTwoArcsInOneByte() {
    assertThat(HEX.formatHex(Der.oid("1.2.840.113549.1.1.11"))).isEqualTo("06092a864886f70d01010b");
    assertThat(HEX.formatHex(Der.oid("1.2.840.10045.4.3.2"))).isEqualTo("06082a8648ce3d040302");
    assertThat(HEX.formatHex(Der.oid("2.5.29.17"))).isEqualTo("0603551d11");
  }

  @Test
  void lengthsOver127TakeTheLongForm() {
    assertThat(HEX.formatHex(Der.octets(new byte[5]))).isEqualTo("04050000000000");
    assertThat(Der.octets(new byte[127])).startsWith(0x04, 0x7f);
    assertThat(Der.octets(new byte[128])).startsWith(0x04, 0x81, 0x80);
    assertThat(Der.octets(new byte[300])).startsWith(0x04, 0x82, 0x01, 0x2c).hasSize(304);
  }

  @Test
  void integersAreTwosComplementWithAZeroBeforeAHighBit() {
    assertThat(HEX.formatHex(Der.integer(BigInteger.TWO))).isEqualTo("020102");
    assertThat(HEX.formatHex(Der.integer(BigInteger.valueOf(128)))).isEqualTo("02020080");
  }

  @Test
  void timesBefore2050AreUtcTimeAndLaterOnesGeneralizedTime() {
    assertThat(new String(Der.time(Instant.parse("2026-12-06T03:04:05Z")), 2, 13))
        .isEqualTo("261206030405Z");
    assertThat(Der.time(Instant.parse("2049-12-31T23:59:59Z"))[0]).isEqualTo((byte) 0x17);
    var later = Der.time(Instant.parse("2050-01-01T00:00:00Z"));
    assertThat(later[0]).isEqualTo((byte) 0x18);
    assertThat(new String(later, 2, 15)).isEqualTo("20500101000000Z");
  }

  @Test
  void aSignatureAlgorithmItDoesNotKnowIsRefused() {
    assertThat(HEX.formatHex(Der.algorithm("SHA256withRSA")))
        .isEqualTo("300d06092a864886f70d01010b0500");
    assertThatThrownBy(() -> Der.algorithm("SHA1withDSA"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("SHA1withDSA");
  }
}
