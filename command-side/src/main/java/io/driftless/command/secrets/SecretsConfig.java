package io.driftless.command.secrets;

import io.driftless.diff.text.SecretKeys;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The key ring from {@link SecretsSettings}: the configured key (and old keys) when there is one; a
 * key file under the data directory on embedded defaults; none and no start in the {@code
 * distributed} profile. When a key is configured and a key file also exists, the file's key is kept
 * as an old key, so what it sealed still opens after moving to a configured key.
 */
@Configuration(proxyBeanMethods = false)
class SecretsConfig {

  private static final Logger log = LoggerFactory.getLogger(SecretsConfig.class);

  @Bean
  SecretKeys secretKeys(
      SecretsSettings settings, @Value("${driftless.data-dir:./data}") String dataDir) {
    Path file = Path.of(settings.keyFile() != null ? settings.keyFile() : dataDir + "/secrets.key");
    var older = new ArrayList<>(settings.oldKeys());
    String current;
    if (settings.key() != null) {
      current = settings.key();
      if (!settings.requireKey() && Files.exists(file)) {
        older.add(SecretKeyFile.readOrCreate(file));
      }
    } else if (settings.requireKey()) {
      throw new IllegalStateException(
          "No Secret key: set driftless.secrets.key (env DRIFTLESS_SECRETS_KEY) to the base64 of"
              + " 32 random bytes, e.g. `openssl rand -base64 32`, the same on every command-side"
              + " replica. The distributed profile creates no key file.");
    } else {
      current = SecretKeyFile.readOrCreate(file);
    }
    var keys = SecretKeys.of(current, older);
    log.info("Secrets are sealed and fingerprinted with key {}", keys.currentId());
    return keys;
  }

  @Bean
  SecretVault secretVault(SecretKeys keys) {
    return new SecretVault(keys);
  }
}
