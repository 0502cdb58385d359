package io.driftless.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ObjectFileTest {

  private static final String CONFIG_MAP =
      "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"a\","
          + "\"namespace\":\"default\",\"resourceVersion\":\"7\"}}";

  @TempDir Path dir;

  @Test
  void aMissingFileIsAnEmptyCluster() throws IOException {
    assertThat(new ObjectFile(dir.resolve("store.json")).load()).isEqualTo(Snapshot.EMPTY);
  }

  @Test
  void savedObjectsLoadBackInOrderWithTheCounter() throws IOException {
    var file = new ObjectFile(dir.resolve("store.json"));
    var objects =
        List.of(
            new StoredObject("/api/v1/namespaces/default/configmaps/a", CONFIG_MAP),
            new StoredObject("/api/v1/namespaces/b", "{\"kind\":\"Namespace\"}"));
    file.save(new Snapshot(12, objects));

    assertThat(file.load()).isEqualTo(new Snapshot(12, objects));
    assertThat(dir.resolve("store.json.tmp")).doesNotExist();
  }

  @Test
  void theCounterIsNeverBelowAnObjectsResourceVersion() throws IOException {
    var file = new ObjectFile(dir.resolve("store.json"));
    file.save(new Snapshot(3, List.of(new StoredObject("/p", CONFIG_MAP))));

    assertThat(file.load().resourceVersion()).isEqualTo(7);
  }

  @Test
  void refusesAFileOfAnotherFormat() throws IOException {
    Files.writeString(dir.resolve("store.json"), "{\"objects\":[]}");

    assertThatThrownBy(() -> new ObjectFile(dir.resolve("store.json")).load())
        .isInstanceOf(IOException.class)
        .hasMessageContaining("not a sandbox store");
  }
}
