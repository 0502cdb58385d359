package io.driftless.sandbox;

import io.fabric8.mockwebserver.MockWebServer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.net.PemKeyCertOptions;
import io.vertx.core.net.SSLOptions;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The certificate and key the sandbox serves, kept beside its kubeconfig ({@code <kubeconfig>.crt},
 * {@code <kubeconfig>.key}, owner-only), so that a restart serves the certificate its clients
 * already trust: a command side run apart keeps working across sandbox restarts, as with a real
 * cluster. fabric8's mock makes a new self-signed certificate (RSA 2048, {@code localhost} and
 * {@code 127.0.0.1}, a year) at each start and offers no way to pass one; the first start keeps it,
 * later ones put the kept one back into the running server ({@code updateSSLOptions}, reached
 * through the mock's private field) before the kubeconfig names the server. The mock's temporary
 * copies are deleted at once. A kept certificate within a day of its end is replaced.
 */
final class TlsIdentity {

  private static final Duration RENEW_BEFORE = Duration.ofDays(1);

  private TlsIdentity() {}

  /** Makes {@code http} (started) serve the kept certificate; answers it, PEM. */
  static String serve(MockWebServer http, Path kubeconfig) throws IOException {
    var made = http.getSelfSignedCertificate();
    var certificate = sibling(kubeconfig, ".crt");
    var key = sibling(kubeconfig, ".key");
    try {
      if (usable(certificate) && Files.isRegularFile(key)) {
        use(http, certificate, key);
      } else {
        OwnerOnly.writeAtomically(key, Files.readAllBytes(Path.of(made.privateKeyPath())));
        OwnerOnly.writeAtomically(certificate, Files.readAllBytes(Path.of(made.certificatePath())));
      }
      return Files.readString(certificate, StandardCharsets.US_ASCII);
    } finally {
      made.delete();
    }
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

  private static void use(MockWebServer http, Path certificate, Path key) throws IOException {
    var options =
        new SSLOptions()
            .setKeyCertOptions(
                new PemKeyCertOptions()
                    .setCertPath(certificate.toString())
                    .setKeyPath(key.toString()));
    try {
      var field = MockWebServer.class.getDeclaredField("httpServer");
      field.setAccessible(true);
      var server = (HttpServer) field.get(http);
      server
          .updateSSLOptions(options)
          .toCompletionStage()
          .toCompletableFuture()
          .get(30, TimeUnit.SECONDS);
    } catch (ReflectiveOperationException | ExecutionException | TimeoutException e) {
      throw new IOException("cannot serve the kept certificate " + certificate, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while serving the kept certificate", e);
    }
  }
}
