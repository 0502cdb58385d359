package io.driftless.sandbox;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;

/**
 * The store file: one JSON document with the resourceVersion counter and every object. Each save
 * writes the whole document to a temporary file beside it and renames that over the old one, so a
 * process killed at any moment leaves either the old or the new state, never a mix. There is no
 * fsync: the state survives the process dying, not the machine losing power (the same guarantee as
 * the embedded H2 event store).
 */
final class ObjectFile {

  private static final int FORMAT = 1;

  private final Path file;
  private final Path temp;
  private final ObjectMapper mapper = new ObjectMapper();

  ObjectFile(Path file) {
    this.file = file.toAbsolutePath();
    this.temp = this.file.resolveSibling(this.file.getFileName() + ".tmp");
  }

  Path path() {
    return file;
  }

  /** The saved state; empty when there is no file yet. */
  Snapshot load() throws IOException {
    if (!Files.exists(file)) {
      return Snapshot.EMPTY;
    }
    var root = mapper.readTree(file.toFile());
    if (root == null || root.path("format").asInt() != FORMAT) {
      throw new IOException(file + " is not a sandbox store of format " + FORMAT);
    }
    var objects = new ArrayList<StoredObject>();
    var resourceVersion = root.path("resourceVersion").asLong();
    for (JsonNode entry : root.path("objects")) {
      var object = entry.path("object");
      objects.add(new StoredObject(entry.path("path").asText(), object.toString()));
      // A hand-edited file must not make the counter issue a version an object already has.
      var version = object.path("metadata").path("resourceVersion").asText();
      if (version.matches("[0-9]{1,18}")) {
        resourceVersion = Math.max(resourceVersion, Long.parseLong(version));
      }
    }
    return new Snapshot(resourceVersion, objects);
  }

  /**
   * Replaces the saved state atomically (temporary file and rename), owner-only: it holds Secrets.
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
