package io.driftless.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ObjectFileTest {

  private static final String CONFIG_MAP =
      "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"a\","
          + "\"namespace\":\"default\",\"resourceVersion\":\"7\"}}";

  private static final String A = "/api/v1/namespaces/default/configmaps/a";
  private static final String B = "/api/v1/namespaces/default/configmaps/b";

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

  @Test
  void appendedWritesLoadBackOverTheSnapshot() throws IOException {
    var file = new ObjectFile(dir.resolve("store.json"));
    file.save(new Snapshot(7, List.of(new StoredObject(A, CONFIG_MAP))));
    file.append(8, changes(B, object("b", 8)));
    file.append(9, changes(A, object("a", 9)));

    assertThat(new ObjectFile(dir.resolve("store.json")).load())
        .isEqualTo(
            new Snapshot(
                9,
                List.of(new StoredObject(B, object("b", 8)), new StoredObject(A, object("a", 9)))));
  }

  @Test
  void aDeleteMarkRemovesTheObject() throws IOException {
    var file = new ObjectFile(dir.resolve("store.json"));
    file.append(8, changes(A, object("a", 8)));
    file.append(9, changes(B, object("b", 9)));
    file.append(10, changes(A, null));

    assertThat(new ObjectFile(dir.resolve("store.json")).load())
        .isEqualTo(new Snapshot(10, List.of(new StoredObject(B, object("b", 9)))));
  }

  @Test
  void aTornLastLineIsIgnoredAndCutOffByTheNextAppend() throws IOException {
    var file = new ObjectFile(dir.resolve("store.json"));
    file.append(8, changes(A, object("a", 8)));
    // killed while appending: half a line, no newline
    Files.writeString(
        file.journal(), "{\"resourceVersion\":9,\"objects\":[{\"pa", StandardOpenOption.APPEND);

    var reopened = new ObjectFile(dir.resolve("store.json"));
    assertThat(reopened.load())
        .isEqualTo(new Snapshot(8, List.of(new StoredObject(A, object("a", 8)))));
    reopened.append(10, changes(B, object("b", 10)));

    assertThat(Files.readAllLines(reopened.journal())).hasSize(2);
    assertThat(new ObjectFile(dir.resolve("store.json")).load().objects())
        .containsExactly(new StoredObject(A, object("a", 8)), new StoredObject(B, object("b", 10)));
  }

  @Test
  void aDamagedLineBeforeTheLastIsRefused() throws IOException {
    var file = new ObjectFile(dir.resolve("store.json"));
    file.append(8, changes(A, object("a", 8)));
    Files.writeString(file.journal(), "not json\n", StandardOpenOption.APPEND);
    file.append(9, changes(B, object("b", 9)));
    Files.writeString(file.journal(), "{}\nnot json\n{}\n");

    assertThatThrownBy(() -> new ObjectFile(dir.resolve("store.json")).load())
        .isInstanceOf(IOException.class)
        .hasMessageContaining("damaged line");
  }

  @Test
  void compactionIsDueOnceTheJournalOutgrowsTheSnapshotAndEmptiesIt() throws IOException {
    var file = new ObjectFile(dir.resolve("store.json"));
    file.save(new Snapshot(1, List.of(new StoredObject(A, CONFIG_MAP))));
    var version = 1L;
    while (!file.compactionDue()) {
      file.append(++version, changes(A, object("a", version)));
    }
    assertThat(Files.size(file.journal())).isGreaterThan(ObjectFile.MIN_JOURNAL);

    var state = file.load();
    file.save(state);

    assertThat(file.journal()).doesNotExist();
    assertThat(file.compactionDue()).isFalse();
    assertThat(new ObjectFile(dir.resolve("store.json")).load())
        .isEqualTo(new Snapshot(version, List.of(new StoredObject(A, object("a", version)))));
  }

  @Test
  void aJournalLeftBesideANewerSnapshotChangesNothing() throws IOException {
    // killed between the snapshot's rename and the journal's delete
    var file = new ObjectFile(dir.resolve("store.json"));
    file.append(8, changes(A, object("a", 8)));
    file.append(9, changes(B, object("b", 9)));
    file.append(10, changes(A, null));
    var journal = Files.readAllBytes(file.journal());
    var state = file.load();
    file.save(state);
    Files.write(file.journal(), journal);

    assertThat(new ObjectFile(dir.resolve("store.json")).load()).isEqualTo(state);
  }

  @Test
  void theJournalIsItsOwnersOnly() throws IOException {
    var file = new ObjectFile(dir.resolve("store.json"));
    file.append(8, changes(A, object("a", 8)));

    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file.journal())))
        .isEqualTo("rw-------");
  }

  private static Map<String, String> changes(String path, String json) {
    var changes = new LinkedHashMap<String, String>();
    changes.put(path, json);
    return changes;
  }

  private static String object(String name, long version) {
    return "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\""
        + name
        + "\",\"namespace\":\"default\",\"resourceVersion\":\""
        + version
        + "\"}}";
  }
}
