package io.driftless.command.cluster;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The answer of each LIST last read, by its URL, kept beside the trees made from it: a LIST that
 * answers exactly the same items again (byte for byte, from its {@code "items":} on) gets the same
 * trees without being decoded again. An unchanged redeploy or reconcile lists every kind of its app
 * and, as a rule, finds nothing changed: decoding those answers into fabric8's resources was the
 * largest part of an unchanged knative redeploy's CPU (issue 31; standalone BENCHMARK.md).
 *
 * <p>Only the items are compared: a list's own {@code metadata.resourceVersion} is the cluster's
 * newest, which any write anywhere moves; an API server writes it before the items (Go's field
 * order: kind, apiVersion, metadata, items). An answer whose items come first, or that holds no
 * {@code "items":} at all, is compared whole. An object changes its resourceVersion with any
 * change, so equal bytes are equal objects; the trees are the ones the gateway hands out anyway
 * (read only, {@link ListedTrees}).
 *
 * <p>At most {@code capacity} bytes of answers are kept, the least recently read dropped first; an
 * answer larger than that is not kept. Thread-safe.
 */
final class ListBodies {

  private static final byte[] ITEMS = "\"items\":".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] METADATA = "\"metadata\":".getBytes(StandardCharsets.US_ASCII);

  private record Kept(byte[] body, int from, List<ObjectNode> trees) {}

  private final long capacity;
  private final Map<String, Kept> kept = new LinkedHashMap<>(16, 0.75f, true);
  private long bytes;

  ListBodies(long capacity) {
    this.capacity = capacity;
  }

  /**
   * The trees of the answer {@code body} to the LIST at {@code url}: those of the answer kept for
   * it when both have the same items, else {@code decode}'s, kept with {@code body} from now on.
   */
  List<ObjectNode> trees(String url, byte[] body, Supplier<List<ObjectNode>> decode) {
    var from = itemsAt(body);
    synchronized (this) {
      var last = kept.get(url);
      if (last != null
          && Arrays.equals(body, from, body.length, last.body(), last.from(), last.body().length)) {
        return last.trees();
      }
    }
    var trees = List.copyOf(decode.get());
    synchronized (this) {
      var last = kept.remove(url);
      if (last != null) {
        bytes -= last.body().length;
      }
      if (body.length <= capacity) {
        kept.put(url, new Kept(body, from, trees));
        bytes += body.length;
        var eldest = kept.values().iterator();
        while (bytes > capacity) {
          bytes -= eldest.next().body().length;
          eldest.remove();
        }
      }
    }
    return trees;
  }

  /** Bytes of answers kept. */
  synchronized long bytes() {
    return bytes;
  }

  /**
   * Where the items start: the first {@code "items":} when it follows the list's {@code metadata}
   * (an API server's order), else 0 (the whole answer is compared).
   */
  static int itemsAt(byte[] body) {
    var items = indexOf(body, ITEMS);
    if (items < 0) {
      return 0;
    }
    var metadata = indexOf(body, METADATA);
    return metadata >= 0 && metadata < items ? items : 0;
  }

  private static int indexOf(byte[] body, byte[] what) {
    outer:
    for (int i = 0; i + what.length <= body.length; i++) {
      for (int j = 0; j < what.length; j++) {
        if (body[i + j] != what[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}
