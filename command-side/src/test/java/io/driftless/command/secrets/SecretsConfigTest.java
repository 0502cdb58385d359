package io.driftless.command.secrets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the key ring comes from: configuration, the key file, or no start. */
class SecretsConfigTest {

  @TempDir Path dir;

  private final SecretsConfig config = new SecretsConfig();

  @Test
  void theEmbeddedDefaultCreatesAnOwnerOnlyKeyFileAndReusesIt() throws Exception {
    var file = dir.resolve("data/secrets.key");

    var first = config.secretKeys(new SecretsSettings(null, null, file.toString(), false), "x");
    var again = config.secretKeys(new SecretsSettings(null, null, file.toString(), false), "x");

    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");
    assertThat(Files.readString(file).strip()).startsWith(first.currentId() + ":");
    assertThat(again.currentId()).isEqualTo(first.currentId());
    assertThat(again.fingerprint().of("v")).isEqualTo(first.fingerprint().of("v"));
  }

  @Test
  void theKeyFileLivesInTheDataDirectoryByDefault() {
    config.secretKeys(new SecretsSettings(null, null, null, false), dir.toString());

    assertThat(dir.resolve("secrets.key")).exists();
  }

  @Test
  void aConfiguredKeyWinsAndAnExistingFilesKeyStillOpens() {
    var file = dir.resolve("secrets.key");
    var fromFile = config.secretKeys(new SecretsSettings(null, null, file.toString(), false), "x");
    var sealed =
        new SecretVault(fromFile)
            .seal("r", new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode());

    var configured =
        config.secretKeys(
            new SecretsSettings(SecretVaultTest.KEY_B, null, file.toString(), false), "x");

    assertThat(configured.currentId()).isEqualTo("b");
    assertThat(new SecretVault(configured).unseal("r", sealed)).isEmpty();
  }

  @Test
  void theDistributedProfileRefusesToStartWithoutAKeyAndMakesNoFile() {
    var file = dir.resolve("secrets.key");

    assertThatThrownBy(
            () -> config.secretKeys(new SecretsSettings(null, null, file.toString(), true), "x"))
        .hasMessageContaining(
            "No Secret key: set driftless.secrets.key (env DRIFTLESS_SECRETS_KEY)");
    assertThat(file).doesNotExist();
  }
}
