package io.driftless.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How {@link SandboxDispatcher} saves a write: the objects it touched ({@link ObjectIndex#touched})
 * appended to the {@link ObjectFile}'s journal, and the whole state written as the store's snapshot
 * when the journal has grown past it or at a clean stop.
 */
final class Journal {

  private static final Logger log = LoggerFactory.getLogger(Journal.class);

  private final ObjectFile file;
  private final ObjectIndex index;

  Journal(ObjectFile file, ObjectIndex index) {
    this.file = file;
    this.index = index;
  }

  /**
   * The saved objects. The store file exists from the first start on (an operator, a backup and the
   * data folder's owner-only check look for it), though writes go to the journal beside it until
   * compaction: an empty snapshot is written when there is none.
   */
  Snapshot load() throws IOException {
    var snapshot = file.load();
    if (!Files.exists(file.path())) {
      file.save(snapshot);
    }
    return snapshot;
  }

  /** At a clean stop: compacts the store when writes are in its journal only. */
  void stop(long resourceVersion) {
    if (file != null && file.journaled()) {
      compact(resourceVersion);
    }
  }

  /** Appends the write under way; compacts when due (a failed compaction only logs). */
  void append(long resourceVersion) throws IOException {
    file.append(resourceVersion, journalLine());
    if (file.compactionDue()) {
      compact(resourceVersion);
    }
  }

  /**
   * What the write under way changed, by path: each object as stored now, or null when it is gone
   * (an update that changed the object's labels removed one key and added another at one path).
   */
  private Map<String, String> journalLine() {
    var changes = new LinkedHashMap<String, String>();
    index
        .touched()
        .forEach(
            (key, entry) -> {
              var path = ObjectPaths.of(key);
              if (entry != null) {
                changes.put(path, entry.json());
              } else {
                changes.putIfAbsent(path, null);
              }
            });
    return changes;
  }

  /**
   * Writes the whole state as the store's snapshot, emptying its journal; a failure is only logged:
   * the writes are in the journal, and the next write tries again.
   */
  void compact(long resourceVersion) {
    try {
      file.save(snapshot(resourceVersion));
    } catch (IOException | UncheckedIOException e) {
      log.warn("Cannot compact the sandbox's store {}; its journal grows", file.path(), e);
    }
  }

  private Snapshot snapshot(long resourceVersion) {
    var objects = new ArrayList<StoredObject>();
    for (var entry : index.all()) {
      objects.add(new StoredObject(ObjectPaths.of(entry.key()), entry.json()));
    }
    return new Snapshot(resourceVersion, objects);
  }
}
