package io.driftless.sandbox;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.cert.CertIOException;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * The certificate and key the sandbox serves, kept beside its kubeconfig ({@code <kubeconfig>.crt},
 * {@code <kubeconfig>.key}, owner-only), so that a restart serves the certificate its clients
 * already trust: a command side run apart keeps working across sandbox restarts, as with a real
 * cluster. Where none is kept, or the kept one is within a day of its end, a new one is made and
 * kept: self-signed for {@code localhost} and {@code 127.0.0.1}, a year, with an ECDSA P-256 key as
 * k3s's API server serves (made in milliseconds; an RSA 2048 key took 0.3-2.4 s of CPU under the
 * client compiler). A kept RSA certificate of an earlier sandbox is served as it is.
 */
final class TlsIdentity {

  private static final Duration RENEW_BEFORE = Duration.ofDays(1);
  private static final Duration VALID_FOR = Duration.ofDays(365);

  private TlsIdentity() {}

  /** A certificate and its private key, PEM. */
  record Pem(String certificate, String key) {}

  /** The kept identity beside {@code kubeconfig}, made and kept first when there is none to use. */
  static Pem kept(Path kubeconfig) throws IOException {
    var certificate = sibling(kubeconfig, ".crt");
    var key = sibling(kubeconfig, ".key");
    if (!usable(certificate) || !Files.isRegularFile(key)) {
      var made = make(VALID_FOR);
      OwnerOnly.writeAtomically(key, made.key().getBytes(StandardCharsets.US_ASCII));
      OwnerOnly.writeAtomically(
          certificate, made.certificate().getBytes(StandardCharsets.US_ASCII));
    }
    return new Pem(
        Files.readString(certificate, StandardCharsets.US_ASCII),
        Files.readString(key, StandardCharsets.US_ASCII));
  }

  /**
   * A new self-signed identity for {@code localhost} and {@code 127.0.0.1}, valid {@code validFor}.
   */
  static Pem make(Duration validFor) {
    try {
      var generator = KeyPairGenerator.getInstance("EC");
      generator.initialize(new ECGenParameterSpec("secp256r1"));
      return selfSigned(generator.generateKeyPair(), "SHA256withECDSA", validFor);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("cannot make the sandbox's key", e);
    }
  }

  /**
   * The certificate of {@code keys} signed by itself with {@code signatureAlgorithm}, for {@code
   * localhost} and {@code 127.0.0.1}, valid {@code validFor} from now; the key PEM in PKCS#8.
   */
  static Pem selfSigned(KeyPair keys, String signatureAlgorithm, Duration validFor) {
    try {
      var name = new X500Name("CN=localhost");
      var now = Instant.now();
      var builder =
          new JcaX509v3CertificateBuilder(
              name,
              BigInteger.valueOf(now.toEpochMilli()),
              Date.from(now),
              Date.from(now.plus(validFor)),
              name,
              keys.getPublic());
      builder.addExtension(
          Extension.subjectAlternativeName,
          false,
          new GeneralNames(
              new GeneralName[] {
                new GeneralName(GeneralName.dNSName, "localhost"),
                new GeneralName(GeneralName.iPAddress, "127.0.0.1")
              }));
      var signer = new JcaContentSignerBuilder(signatureAlgorithm).build(keys.getPrivate());
      var certificate = new JcaX509CertificateConverter().getCertificate(builder.build(signer));
      return new Pem(
          pem("CERTIFICATE", certificate.getEncoded()),
          pem("PRIVATE KEY", keys.getPrivate().getEncoded()));
    } catch (GeneralSecurityException | OperatorCreationException | CertIOException e) {
      throw new IllegalStateException("cannot make the sandbox's certificate", e);
    }
  }

  private static String pem(String type, byte[] der) {
    return "-----BEGIN "
        + type
        + "-----\n"
        + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
        + "\n-----END "
        + type
        + "-----\n";
  }

  private static Path sibling(Path kubeconfig, String suffix) {
    var file = kubeconfig.toAbsolutePath();
    return file.resolveSibling(file.getFileName() + suffix);
  }

  private static boolean usable(Path certificate) {
    if (!Files.isRegularFile(certificate)) {
      return false;
    }
    try (var in = new ByteArrayInputStream(Files.readAllBytes(certificate))) {
      var x509 = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
      return x509.getNotAfter().toInstant().isAfter(Instant.now().plus(RENEW_BEFORE));
    } catch (IOException | GeneralSecurityException | ClassCastException e) {
      return false;
    }
  }
}
