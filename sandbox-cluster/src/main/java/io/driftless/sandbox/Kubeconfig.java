package io.driftless.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** The kubeconfig that points clients (fabric8, kubectl, curl users) at the sandbox. */
final class Kubeconfig {

  private Kubeconfig() {}

  /** Writes it atomically, so that a client never reads half a file. */
  static void write(Path file, String url) throws IOException {
    var target = file.toAbsolutePath();
    Files.createDirectories(target.getParent());
    var temp = target.resolveSibling(target.getFileName() + ".tmp");
    Files.writeString(temp, content(url));
    Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }

  static String content(String url) {
    return """
        apiVersion: v1
        kind: Config
        clusters:
        - name: driftless-sandbox
          cluster:
            server: %s
        users:
        - name: driftless
          user:
            token: sandbox
        contexts:
        - name: driftless-sandbox
          context:
            cluster: driftless-sandbox
            user: driftless
            namespace: default
        current-context: driftless-sandbox
        """
        .formatted(url);
  }
}
