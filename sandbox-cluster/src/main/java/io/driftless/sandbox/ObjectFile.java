package io.driftless.sandbox;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The store file: a snapshot, one JSON document with the resourceVersion counter and every object,
 * and beside it a journal ({@code <file>.journal}) of the writes since. Each write appends one line
 * to the journal: the counter and the objects it changed (path and JSON, or a delete mark), written
 * before the answer leaves, so a write costs what it changed, not the whole store. Loading reads
 * the snapshot, then replays the journal; a last line without its newline or not JSON (the process
 * was killed while appending) is ignored and cut off before the next append, as that write was
 * never answered. When the journal has grown past the snapshot (and past {@value #MIN_JOURNAL}
 * bytes), {@link #save} compacts: it writes the whole state to a temporary file beside the
 * snapshot, renames that over the old one, and deletes the journal. A process killed between the
 * rename and the delete replays the old journal over the new snapshot, which changes nothing: the
 * snapshot already holds each object's last write. There is no fsync: the state survives the
 * process dying, not the machine losing power (the same guarantee as the embedded H2 event store).
 * All files are their owner's only ({@link OwnerOnly}): they hold Secrets.
 */
final class ObjectFile {

  private static final int FORMAT = 1;

  /** Below this a journal is not worth a compaction, however small the snapshot. */
  static final long MIN_JOURNAL = 64 * 1024;

  private final Path file;
  private final Path temp;
  private final Path journal;
  private final ObjectMapper mapper = new ObjectMapper();
  private long snapshotBytes;
  // the journal's length up to its last whole line: appends go there
  private long journalBytes;

  ObjectFile(Path file) {
    this.file = file.toAbsolutePath();
    this.temp = this.file.resolveSibling(this.file.getFileName() + ".tmp");
    this.journal = this.file.resolveSibling(this.file.getFileName() + ".journal");
  }

  Path path() {
    return file;
  }

  Path journal() {
    return journal;
  }

  /** The saved state, snapshot and journal; empty when there is neither. */
  Snapshot load() throws IOException {
    var objects = new LinkedHashMap<String, String>();
    var resourceVersion = Files.exists(file) ? loadSnapshot(objects) : 0L;
    snapshotBytes = Files.exists(file) ? Files.size(file) : 0;
    journalBytes = 0;
    if (Files.exists(journal)) {
      resourceVersion = Math.max(resourceVersion, replay(objects));
    }
    var stored = new ArrayList<StoredObject>();
    for (var entry : objects.entrySet()) {
      stored.add(new StoredObject(entry.getKey(), entry.getValue()));
      resourceVersion = Math.max(resourceVersion, versionOf(entry.getValue()));
    }
    return stored.isEmpty() && resourceVersion == 0
        ? Snapshot.EMPTY
        : new Snapshot(resourceVersion, stored);
  }

  private long loadSnapshot(Map<String, String> objects) throws IOException {
    var root = mapper.readTree(file.toFile());
    if (root == null || root.path("format").asInt() != FORMAT) {
      throw new IOException(file + " is not a sandbox store of format " + FORMAT);
    }
    for (JsonNode entry : root.path("objects")) {
      objects.put(entry.path("path").asText(), entry.path("object").toString());
    }
    return root.path("resourceVersion").asLong();
  }

  /** Applies the journal's whole lines to {@code objects}; returns the last counter. */
  private long replay(Map<String, String> objects) throws IOException {
    var bytes = Files.readAllBytes(journal);
    var resourceVersion = 0L;
    var start = 0;
    while (start < bytes.length) {
      var end = indexOf(bytes, (byte) '\n', start);
      JsonNode line = end < 0 ? null : parseLine(bytes, start, end);
      if (line == null) {
        if (end >= 0 && end + 1 < bytes.length) {
          throw new IOException(journal + " has a damaged line before its last, at byte " + start);
        }
        break; // a torn last line: that write was never answered
      }
      for (JsonNode change : line.path("objects")) {
        var path = change.path("path").asText();
        objects.remove(path);
        if (!change.path("deleted").asBoolean()) {
          objects.put(path, change.path("object").toString());
        }
      }
      resourceVersion = Math.max(resourceVersion, line.path("resourceVersion").asLong());
      start = end + 1;
      journalBytes = start;
    }
    return resourceVersion;
  }

  private JsonNode parseLine(byte[] bytes, int start, int end) {
    try {
      var line = mapper.readTree(bytes, start, end - start);
      return line != null && line.isObject() ? line : null;
    } catch (IOException torn) {
      return null;
    }
  }

  private static int indexOf(byte[] bytes, byte wanted, int from) {
    for (var i = from; i < bytes.length; i++) {
      if (bytes[i] == wanted) {
        return i;
      }
    }
    return -1;
  }

  /** A hand-edited file must not make the counter issue a version an object already has. */
  private long versionOf(String json) throws IOException {
    var version = mapper.readTree(json).path("metadata").path("resourceVersion").asText();
    return version.matches("[0-9]{1,18}") ? Long.parseLong(version) : 0;
  }

  /**
   * Appends one write to the journal: {@code changes} maps each path the write changed to the
   * object's JSON now, or to null when it deleted it. A failed append leaves the journal as it was.
   */
  void append(long resourceVersion, Map<String, String> changes) throws IOException {
    var line = line(resourceVersion, changes);
    try (var channel = OwnerOnly.channel(journal)) {
      try {
        if (channel.size() > journalBytes) {
          channel.truncate(journalBytes); // a torn line of a killed process, or a failed append
        }
        channel.position(journalBytes);
        var buffer = ByteBuffer.wrap(line);
        while (buffer.hasRemaining()) {
          channel.write(buffer);
        }
      } catch (IOException e) {
        channel.truncate(journalBytes);
        throw e;
      }
    }
    journalBytes += line.length;
  }

  private byte[] line(long resourceVersion, Map<String, String> changes) throws IOException {
    var out = new ByteArrayOutputStream();
    try (var json = mapper.getFactory().createGenerator(out)) {
      json.writeStartObject();
      json.writeNumberField("resourceVersion", resourceVersion);
      json.writeArrayFieldStart("objects");
      for (var change : changes.entrySet()) {
        json.writeStartObject();
        json.writeStringField("path", change.getKey());
        if (change.getValue() == null) {
          json.writeBooleanField("deleted", true);
        } else {
          json.writeFieldName("object");
          json.writeRawValue(change.getValue());
        }
        json.writeEndObject();
      }
      json.writeEndArray();
      json.writeEndObject();
    }
    out.write('\n');
    return out.toByteArray();
  }

  /** Whether the journal has grown past the snapshot: time for {@link #save}. */
  boolean compactionDue() {
    return journalBytes > Math.max(snapshotBytes, MIN_JOURNAL);
  }

  /** Whether writes are in the journal only. */
  boolean journaled() {
    return journalBytes > 0;
  }

  /**
   * Replaces the saved state atomically (temporary file and rename), owner-only: it holds Secrets;
   * then deletes the journal, which the new snapshot holds.
   */
  void save(Snapshot snapshot) throws IOException {
    try (var out = OwnerOnly.newFile(temp);
        var json = mapper.getFactory().createGenerator(out).useDefaultPrettyPrinter()) {
      json.writeStartObject();
      json.writeNumberField("format", FORMAT);
      json.writeNumberField("resourceVersion", snapshot.resourceVersion());
      json.writeArrayFieldStart("objects");
      for (var object : snapshot.objects()) {
        write(json, object);
      }
      json.writeEndArray();
      json.writeEndObject();
      json.writeRaw('\n');
    }
    Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    snapshotBytes = Files.size(file);
    Files.deleteIfExists(journal);
    journalBytes = 0;
  }

  private static void write(JsonGenerator json, StoredObject object) throws IOException {
    json.writeStartObject();
    json.writeStringField("path", object.path());
    // The server already holds the object as JSON text: no parse and re-encode per save.
    json.writeFieldName("object");
    json.writeRawValue(object.json());
    json.writeEndObject();
  }
}
