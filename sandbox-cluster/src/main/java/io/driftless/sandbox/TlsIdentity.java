package io.driftless.sandbox;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedKeyManager;

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
  private static final String COMMON_NAME = "2.5.4.3";
  private static final String SUBJECT_ALTERNATIVE_NAME = "2.5.29.17";
  private static final String RSA_ENCRYPTION = "1.2.840.113549.1.1.1";

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
   * The certificate of {@code keys} signed by itself with {@code signatureAlgorithm} ({@code
   * SHA256withECDSA} or {@code SHA256withRSA}), for {@code localhost} and {@code 127.0.0.1}, valid
   * {@code validFor} from now; the key PEM in PKCS#8. Written as X.509 v3 DER here ({@link Der})
   * and signed with the JDK's {@link Signature}: BouncyCastle's builder cost 220 ms of CPU at every
   * sandbox start with a new data folder under the client compiler (its signed jars are verified as
   * they load and stay out of the class-data sharing archive), the JDK's own signature 3 ms.
   */
  static Pem selfSigned(KeyPair keys, String signatureAlgorithm, Duration validFor) {
    try {
      var algorithm = Der.algorithm(signatureAlgorithm);
      var name = Der.sequence(Der.set(Der.sequence(Der.oid(COMMON_NAME), Der.utf8("localhost"))));
      var now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
      var alternativeNames =
          Der.sequence(
              Der.tagged(0x82, "localhost".getBytes(StandardCharsets.US_ASCII)), // dNSName
              Der.tagged(0x87, new byte[] {127, 0, 0, 1})); // iPAddress
      var toBeSigned =
          Der.sequence(
              Der.tagged(0xa0, Der.integer(BigInteger.TWO)), // v3
              Der.integer(BigInteger.valueOf(now.toEpochMilli())),
              algorithm,
              name,
              Der.sequence(Der.time(now), Der.time(now.plus(validFor))),
              name,
              keys.getPublic().getEncoded(),
              Der.tagged(
                  0xa3, // extensions
                  Der.sequence(
                      Der.sequence(
                          Der.oid(SUBJECT_ALTERNATIVE_NAME), Der.octets(alternativeNames)))));
      var signature = Signature.getInstance(signatureAlgorithm);
      signature.initSign(keys.getPrivate());
      signature.update(toBeSigned);
      var certificate = Der.sequence(toBeSigned, algorithm, Der.bits(signature.sign()));
      return new Pem(
          pem("CERTIFICATE", certificate), pem("PRIVATE KEY", keys.getPrivate().getEncoded()));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("cannot make the sandbox's certificate", e);
    }
  }

  /**
   * The key manager that serves {@code identity}: its certificate and key parsed by the JDK, handed
   * to the TLS engine as they are. Vert.x's own PEM options put them in a PKCS#12 key store first,
   * whose key encryption (10,000 PBKDF2 rounds) cost 110 ms of CPU at every sandbox start under the
   * client compiler.
   */
  static X509ExtendedKeyManager keyManager(Pem identity) {
    try {
      var certificate = x509(identity.certificate());
      var key =
          KeyFactory.getInstance(certificate.getPublicKey().getAlgorithm())
              .generatePrivate(new PKCS8EncodedKeySpec(pkcs8(identity.key())));
      return new OneIdentity(certificate, key);
    } catch (GeneralSecurityException | IllegalArgumentException e) {
      throw new IllegalStateException("cannot read the sandbox's certificate and key", e);
    }
  }

  /**
   * The key as PKCS#8: as kept by this sandbox ({@code PRIVATE KEY}), or PKCS#1 ({@code RSA PRIVATE
   * KEY}, as fabric8's mock server kept the RSA keys of earlier sandboxes) wrapped in a PKCS#8
   * PrivateKeyInfo.
   */
  private static byte[] pkcs8(String pem) {
    if (pem.contains("-----BEGIN RSA PRIVATE KEY-----")) {
      return Der.sequence(
          Der.integer(BigInteger.ZERO),
          Der.sequence(Der.oid(RSA_ENCRYPTION), Der.nullValue()),
          Der.octets(der(pem, "RSA PRIVATE KEY")));
    }
    return der(pem, "PRIVATE KEY");
  }

  /** The DER inside the first PEM block of {@code type} in {@code pem}. */
  private static byte[] der(String pem, String type) {
    var begin = pem.indexOf("-----BEGIN " + type + "-----");
    var end = pem.indexOf("-----END " + type + "-----");
    if (begin < 0 || end < begin) {
      throw new IllegalArgumentException("no " + type + " block in the PEM");
    }
    return Base64.getMimeDecoder().decode(pem.substring(begin + type.length() + 16, end).strip());
  }

  /**
   * One certificate and key for every server name, chosen when the client's signature schemes
   * accept its key type ({@code EC} or {@code RSA}); no client certificate.
   */
  private static final class OneIdentity extends X509ExtendedKeyManager {

    private static final String ALIAS = "sandbox";

    private final X509Certificate[] chain;
    private final PrivateKey key;

    OneIdentity(X509Certificate certificate, PrivateKey key) {
      this.chain = new X509Certificate[] {certificate};
      this.key = key;
    }

    private String aliasFor(String keyType) {
      return key.getAlgorithm().equals(keyType) ? ALIAS : null;
    }

    @Override
    public String chooseEngineServerAlias(String keyType, Principal[] issuers, SSLEngine engine) {
      return aliasFor(keyType);
    }

    @Override
    public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
      return aliasFor(keyType);
    }

    @Override
    public String[] getServerAliases(String keyType, Principal[] issuers) {
      return aliasFor(keyType) == null ? null : new String[] {ALIAS};
    }

    @Override
    public X509Certificate[] getCertificateChain(String alias) {
      return ALIAS.equals(alias) ? chain.clone() : null;
    }

    @Override
    public PrivateKey getPrivateKey(String alias) {
      return ALIAS.equals(alias) ? key : null;
    }

    @Override
    public String[] getClientAliases(String keyType, Principal[] issuers) {
      return null;
    }

    @Override
    public String chooseClientAlias(String[] keyType, Principal[] issuers, Socket socket) {
      return null;
    }

    @Override
    public String chooseEngineClientAlias(String[] keyType, Principal[] issuers, SSLEngine engine) {
      return null;
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
    try {
      var x509 = x509(Files.readString(certificate, StandardCharsets.US_ASCII));
      return x509.getNotAfter().toInstant().isAfter(Instant.now().plus(RENEW_BEFORE));
    } catch (IOException | GeneralSecurityException | ClassCastException e) {
      return false;
    }
  }

  /** The first certificate of a PEM text, parsed by the JDK. */
  private static X509Certificate x509(String pem) throws GeneralSecurityException {
    return (X509Certificate)
        CertificateFactory.getInstance("X.509")
            .generateCertificate(new ByteArrayInputStream(pem.getBytes(StandardCharsets.US_ASCII)));
  }
}
