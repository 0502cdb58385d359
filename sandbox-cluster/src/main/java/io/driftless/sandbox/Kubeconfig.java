package io.driftless.sandbox;

import io.fabric8.kubernetes.api.model.Config;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The kubeconfig that points clients (fabric8, kubectl, curl users) at the sandbox, with the bearer
 * token the sandbox asks for. The token is made at the first start (32 random bytes, base64url) and
 * kept in this file, owner-only, so that a restart keeps it and clients holding it go on working; a
 * file without a token of this form (a missing or older file) gets a new one.
 */
final class Kubeconfig {

  private static final Logger log = LoggerFactory.getLogger(Kubeconfig.class);

  static final String USER = "driftless";

  private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9_-]{43}");
  private static final SecureRandom RANDOM = new SecureRandom();

  private Kubeconfig() {}

  /** The token of the kubeconfig at {@code file}, or a new one when it has none of ours. */
  static String tokenOf(Path file) {
    return existingToken(file)
        .orElseGet(
            () -> {
              var bytes = new byte[32];
              RANDOM.nextBytes(bytes);
              return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
            });
  }

  private static Optional<String> existingToken(Path file) {
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      var config = Serialization.unmarshal(Files.readString(file), Config.class);
      return config.getUsers().stream()
          .filter(user -> USER.equals(user.getName()) && user.getUser() != null)
          .map(user -> user.getUser().getToken())
          .filter(token -> token != null && TOKEN.matcher(token).matches())
          .findFirst();
    } catch (IOException | RuntimeException e) {
      log.warn(
          "Cannot read the sandbox's token from {} ({}); making a new one", file, e.toString());
      return Optional.empty();
    }
  }

  /** Writes it atomically and owner-only, so that a client never reads half a file. */
  static void write(Path file, String url, String token, String certificate) throws IOException {
    OwnerOnly.writeAtomically(
        file, content(url, token, certificate).getBytes(StandardCharsets.UTF_8));
  }

  static String content(String url, String token, String certificate) {
    var authority =
        Base64.getEncoder().encodeToString(certificate.getBytes(StandardCharsets.US_ASCII));
    return """
        apiVersion: v1
        kind: Config
        clusters:
        - name: driftless-sandbox
          cluster:
            server: %s
            certificate-authority-data: %s
        users:
        - name: %s
          user:
            token: %s
        contexts:
        - name: driftless-sandbox
          context:
            cluster: driftless-sandbox
            user: %s
            namespace: default
        current-context: driftless-sandbox
        """
        .formatted(url, authority, USER, token, USER);
  }
}
