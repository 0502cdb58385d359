package io.driftless.command.secrets;

import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Where the Secret keys come from ({@code driftless.secrets.*}). A key is written {@code
 * <id>:<base64 of 32 bytes>}, or as the base64 alone (its id is then {@code k} and the first 8 hex
 * digits of the key's SHA-256).
 *
 * @param key the current key: it seals and fingerprints (env {@code DRIFTLESS_SECRETS_KEY})
 * @param oldKeys earlier keys, kept after a rotation so what they sealed still opens and what they
 *     fingerprinted still compares (env {@code DRIFTLESS_SECRETS_OLDKEYS}, comma-separated)
 * @param keyFile the key file used when no key is configured: read, or created (owner read/write
 *     only) when missing; default {@code <driftless.data-dir>/secrets.key}
 * @param requireKey true in the {@code distributed} profile: without {@code key} the server refuses
 *     to start (replicas must share a key, and a file on one machine is not shared)
 */
@ConfigurationProperties("driftless.secrets")
public record SecretsSettings(
    String key, List<String> oldKeys, String keyFile, boolean requireKey) {

  /** Fills in the defaults. */
  public SecretsSettings {
    oldKeys = oldKeys == null ? List.of() : List.copyOf(oldKeys);
    key = key == null || key.isBlank() ? null : key.strip();
    keyFile = keyFile == null || keyFile.isBlank() ? null : keyFile;
  }
}
