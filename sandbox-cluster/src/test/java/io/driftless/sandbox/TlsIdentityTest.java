package io.driftless.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPairGenerator;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.interfaces.ECPublicKey;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The certificate the sandbox serves: what a new one is, when a kept one is served again. */
class TlsIdentityTest {

  @TempDir Path dir;

  @Test
  void aNewCertificateIsASelfSignedP256OneForThisMachineValidAYear() throws Exception {
    var kubeconfig = dir.resolve("kubeconfig.yaml");

    var identity = TlsIdentity.kept(kubeconfig);

    var certificate = x509(identity.certificate());
    certificate.verify(certificate.getPublicKey()); // signed by its own key
    assertThat(certificate.getPublicKey()).isInstanceOf(ECPublicKey.class);
    assertThat(
            ((ECPublicKey) certificate.getPublicKey())
                .getParams()
                .getCurve()
                .getField()
                .getFieldSize())
        .isEqualTo(256);
    assertThat(certificate.getSigAlgName()).isEqualTo("SHA256withECDSA");
    assertThat(certificate.getSubjectX500Principal().getName()).isEqualTo("CN=localhost");
    assertThat(certificate.getSubjectAlternativeNames())
        .containsExactlyInAnyOrder(List.of(2, "localhost"), List.of(7, "127.0.0.1"));
    assertThat(certificate.getNotAfter().toInstant())
        .isBetween(
            Instant.now().plus(364, ChronoUnit.DAYS), Instant.now().plus(366, ChronoUnit.DAYS));
    assertThat(identity.key()).startsWith("-----BEGIN PRIVATE KEY-----\n");
    assertThat(Files.readString(dir.resolve("kubeconfig.yaml.crt")))
        .isEqualTo(identity.certificate());
    assertThat(Files.readString(dir.resolve("kubeconfig.yaml.key"))).isEqualTo(identity.key());
  }

  @Test
  void aKeptCertificateIsServedAgainUntilADayBeforeItsEnd() throws Exception {
    var kubeconfig = dir.resolve("kubeconfig.yaml");
    var first = TlsIdentity.kept(kubeconfig);

    assertThat(TlsIdentity.kept(kubeconfig)).isEqualTo(first);

    var ending = TlsIdentity.make(Duration.ofHours(23));
    Files.writeString(dir.resolve("kubeconfig.yaml.crt"), ending.certificate());
    Files.writeString(dir.resolve("kubeconfig.yaml.key"), ending.key());
    var renewed = TlsIdentity.kept(kubeconfig);
    assertThat(renewed.certificate()).isNotEqualTo(ending.certificate());
    assertThat(x509(renewed.certificate()).getNotAfter().toInstant())
        .isAfter(Instant.now().plus(Duration.ofDays(364)));
  }

  @Test
  void aCertificateWithoutItsKeyIsMadeAgain() throws Exception {
    var kubeconfig = dir.resolve("kubeconfig.yaml");
    var first = TlsIdentity.kept(kubeconfig);
    Files.delete(dir.resolve("kubeconfig.yaml.key"));

    var second = TlsIdentity.kept(kubeconfig);

    assertThat(second.certificate()).isNotEqualTo(first.certificate());
    assertThat(Files.readString(dir.resolve("kubeconfig.yaml.key"))).isEqualTo(second.key());
  }

  @Test
  void theKeyManagerServesItsCertificateToClientsThatAcceptItsKeyType() throws Exception {
    var identity = TlsIdentity.make(Duration.ofDays(1));

    var manager = TlsIdentity.keyManager(identity);

    var alias = manager.chooseEngineServerAlias("EC", null, null);
    assertThat(alias).isNotNull();
    assertThat(manager.chooseEngineServerAlias("RSA", null, null)).isNull();
    assertThat(manager.getCertificateChain(alias)).containsExactly(x509(identity.certificate()));
    assertThat(manager.getPrivateKey(alias).getEncoded())
        .isEqualTo(
            Base64.getMimeDecoder()
                .decode(
                    identity
                        .key()
                        .replace("-----BEGIN PRIVATE KEY-----", "")
                        .replace("-----END PRIVATE KEY-----", "")
                        .strip()));
    assertThat(manager.chooseEngineClientAlias(new String[] {"EC"}, null, null)).isNull();
  }

  @Test
  void anRsaCertificateSignsAndServesWithItsKeyInPkcs1AsEarlierSandboxesKeptIt() throws Exception {
    var generator = KeyPairGenerator.getInstance("RSA");
    generator.initialize(1024);
    var keys = generator.generateKeyPair();
    var identity = TlsIdentity.selfSigned(keys, "SHA256withRSA", Duration.ofDays(2));
    var certificate = x509(identity.certificate());
    certificate.verify(keys.getPublic());
    assertThat(certificate.getSigAlgName()).isEqualTo("SHA256withRSA");
    // PrivateKeyInfo: version, algorithm, then the PKCS#1 key as an OCTET STRING.
    var pkcs1 = new DerInput(keys.getPrivate().getEncoded()).skipHeader().skip().skip().content();
    var pkcs1Pem =
        "-----BEGIN RSA PRIVATE KEY-----\n"
            + Base64.getMimeEncoder().encodeToString(pkcs1)
            + "\n-----END RSA PRIVATE KEY-----\n";

    var manager = TlsIdentity.keyManager(new TlsIdentity.Pem(identity.certificate(), pkcs1Pem));

    var alias = manager.chooseServerAlias("RSA", null, null);
    assertThat(manager.getPrivateKey(alias).getEncoded()).isEqualTo(keys.getPrivate().getEncoded());
  }

  /** Just enough of a DER reader to take the PKCS#1 key out of a PKCS#8 one. */
  private static final class DerInput {
    private final byte[] bytes;
    private int at;

    DerInput(byte[] bytes) {
      this.bytes = bytes;
    }

    /** Steps into the outer SEQUENCE. */
    DerInput skipHeader() {
      length();
      return this;
    }

    /** Steps over one whole value. */
    DerInput skip() {
      var length = length();
      at += length;
      return this;
    }

    /** The content of the value here. */
    byte[] content() {
      var length = length();
      return java.util.Arrays.copyOfRange(bytes, at, at + length);
    }

    private int length() {
      at++; // tag
      int first = bytes[at++] & 0xff;
      if (first < 0x80) {
        return first;
      }
      int length = 0;
      for (int i = 0; i < (first & 0x7f); i++) {
        length = length << 8 | bytes[at++] & 0xff;
      }
      return length;
    }
  }

  private static X509Certificate x509(String pem) throws Exception {
    return (X509Certificate)
        CertificateFactory.getInstance("X.509")
            .generateCertificate(new ByteArrayInputStream(pem.getBytes(StandardCharsets.US_ASCII)));
  }
}
