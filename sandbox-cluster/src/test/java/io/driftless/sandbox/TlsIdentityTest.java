package io.driftless.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.interfaces.ECPublicKey;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
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

  private static X509Certificate x509(String pem) throws Exception {
    return (X509Certificate)
        CertificateFactory.getInstance("X.509")
            .generateCertificate(new ByteArrayInputStream(pem.getBytes(StandardCharsets.US_ASCII)));
  }
}
