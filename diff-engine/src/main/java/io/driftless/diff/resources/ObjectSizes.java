package io.driftless.diff.resources;

import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.resources.ManifestException.Reason;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The API server's object limit: measures each resource as compact JSON in UTF-8 (what a client
 * sends) and refuses the manifest when one is larger than {@link ManifestLimits#maxObjectBytes()}.
 * Only the byte count is kept, nothing of the content, so a message never quotes a value.
 */
final class ObjectSizes {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private ObjectSizes() {}

  /** Throws {@link Reason#OBJECT_TOO_LARGE} naming every resource over {@code maxBytes}. */
  static void check(List<Resource> resources, long maxBytes) {
    var problems = new ArrayList<String>();
    String single = null;
    for (Resource resource : resources) {
      long bytes = jsonBytes(resource.object());
      if (bytes > maxBytes) {
        problems.add(resource.key().describe() + ": " + number(bytes) + " bytes");
        single = resource.key().describe() + " is " + number(bytes) + " bytes as JSON";
      }
    }
    if (problems.isEmpty()) {
      return;
    }
    String message =
        problems.size() == 1
            ? single + ", more than the " + limit(maxBytes) + "."
            : problems.size() + " resources are larger than the " + limit(maxBytes) + ".";
    throw new ManifestException(Reason.OBJECT_TOO_LARGE, message, problems);
  }

  /**
   * The refusal of one resource known to be at least {@code bytes} as JSON without being read whole
   * ({@link ObjectSizeBound}): the words of {@link #check}, the size marked as a lower bound.
   */
  static ManifestException atLeast(String resource, long bytes, long maxBytes) {
    return new ManifestException(
        Reason.OBJECT_TOO_LARGE,
        resource
            + " is at least "
            + number(bytes)
            + " bytes as JSON, more than the "
            + limit(maxBytes)
            + ".",
        List.of(resource + ": at least " + number(bytes) + " bytes"));
  }

  /** {@code 1,572,864 bytes a Kubernetes API server accepts for one object}. */
  static String limit(long maxBytes) {
    return number(maxBytes) + " bytes a Kubernetes API server accepts for one object";
  }

  /** The size of the object as compact JSON in UTF-8. */
  static long jsonBytes(ObjectNode object) {
    var counter = new CountingStream();
    try {
      JSON.writeValue(counter, object);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return counter.count;
  }

  static String number(long value) {
    return String.format(Locale.ROOT, "%,d", value);
  }

  /** Counts bytes and keeps none. */
  private static final class CountingStream extends OutputStream {
    private long count;

    @Override
    public void write(int b) {
      count++;
    }

    @Override
    public void write(byte[] bytes, int offset, int length) {
      count += length;
    }
  }
}
