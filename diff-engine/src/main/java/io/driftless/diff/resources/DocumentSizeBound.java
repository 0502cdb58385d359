package io.driftless.diff.resources;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import org.yaml.snakeyaml.events.AliasEvent;
import org.yaml.snakeyaml.events.CollectionStartEvent;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.MappingStartEvent;
import org.yaml.snakeyaml.events.NodeEvent;
import org.yaml.snakeyaml.events.ScalarEvent;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * A lower bound of one YAML document's size as compact JSON, summed from SnakeYAML's parse events
 * (no nodes composed), with the document's {@code apiVersion}, {@code kind}, {@code metadata.name}
 * and {@code metadata.namespace} as written.
 *
 * <p>What counts, each never more than it adds to the JSON {@link ObjectSizes} measures:
 *
 * <ul>
 *   <li>a scalar that reads as a string (resolved as SnakeYAML's composer resolves it; timestamps
 *       stay strings): its characters plus two quotes (UTF-8 has at least one byte per UTF-16 unit,
 *       escaping only adds);
 *   <li>any other scalar: one byte (no JSON value is shorter; a non-string key becomes its text);
 *   <li>a map or list without an explicit tag: its two brackets, a colon per map entry, a comma
 *       between entries or items;
 *   <li>an alias of a scalar: what its anchor counted (the converter writes the value at every
 *       alias).
 * </ul>
 *
 * <p>Not counted, as the JSON may not hold them: the value of a merge key ({@code <<}, whose keys
 * the map's own keys override), collections with an explicit tag ({@code !!set}, {@code !!omap},
 * {@code !!pairs} change shape), {@code metadata.namespace} (the parser places or drops it) and
 * aliases of maps and lists: SnakeYAML and {@link YamlToJson} bound those (50 aliased collections,
 * 100,000 nodes copied) and refuse a body past the bounds as unparsable, which stays so.
 */
final class DocumentSizeBound {

  private static final String NAMESPACE = "namespace";

  /** The first characters SnakeYAML's {@link Resolver} looks up patterns for. */
  private static final String RESOLVED_FIRST = "yYnNtTfFoO-+0123456789.<~!&*\0";

  /** One open map or list. */
  private static final class Frame {
    final boolean map;
    final boolean counted;
    final boolean metadata;
    boolean expectingKey = true;
    int members;
    boolean mergeValue;
    String key;

    Frame(boolean map, boolean counted, boolean metadata) {
      this.map = map;
      this.counted = counted;
      this.metadata = metadata;
    }
  }

  private final Resolver resolver;
  private final Deque<Frame> open = new ArrayDeque<>();
  private final Map<String, Long> anchored = new HashMap<>();
  private final Map<String, String> identity = new HashMap<>();
  private boolean identityUnclear;
  private long bytes;
  private int deepest;

  DocumentSizeBound(Resolver resolver) {
    this.resolver = resolver;
  }

  /** The lower bound so far. */
  long bytes() {
    return bytes;
  }

  /** The deepest nesting seen (the document's map is 1). */
  int deepest() {
    return deepest;
  }

  /**
   * A top-level string ({@code apiVersion}, {@code kind}) or one of {@code metadata} ({@code
   * metadata.name}, {@code metadata.namespace}), or null when absent or not written as a plain
   * string (then {@link #identityUnclear()}).
   */
  String identity(String path) {
    return identity.get(path);
  }

  /** Whether one of the identity fields is written as something else than a string. */
  boolean identityUnclear() {
    return identityUnclear;
  }

  /** Takes the next event inside the document (not the document's start and end). */
  void on(Event event) {
    if (event instanceof ScalarEvent scalar) {
      node(scalar, scalarBytes(scalar), scalar.getValue());
    } else if (event instanceof AliasEvent alias) {
      node(alias, anchored.getOrDefault(alias.getAnchor(), 0L), null);
    } else if (event instanceof CollectionStartEvent start) {
      start(start);
    } else if (event.is(Event.ID.MappingEnd) || event.is(Event.ID.SequenceEnd)) {
      end();
    }
  }

  private void node(NodeEvent event, long size, String text) {
    Frame parent = open.peek();
    boolean key = parent != null && parent.map && parent.expectingKey;
    boolean merge = key && event instanceof ScalarEvent scalar && isMerge(scalar);
    boolean namespace =
        parent != null && parent.metadata && NAMESPACE.equals(key ? text : parent.key);
    long counted = counting() && !merge && !namespace ? size : 0;
    bytes += counted;
    if (event.getAnchor() != null) {
      anchored.put(event.getAnchor(), counted);
    }
    if (key) {
      parent.key = text;
      parent.mergeValue = merge;
      parent.expectingKey = false;
    } else {
      remember(parent, text != null && size == text.length() + 2L ? text : null);
      valueDone(parent);
    }
  }

  private void start(CollectionStartEvent event) {
    Frame parent = open.peek();
    boolean map = event instanceof MappingStartEvent;
    boolean tagged = event.getTag() != null && !event.getImplicit();
    boolean counted = counting() && !tagged;
    if (event.getAnchor() != null) {
      anchored.remove(event.getAnchor());
    }
    boolean value = parent != null && !(parent.map && parent.expectingKey);
    boolean metadata = map && value && open.size() == 1 && "metadata".equals(parent.key);
    if (value && !metadata) {
      remember(parent, null);
    }
    if (counted) {
      bytes += 2;
    }
    open.push(new Frame(map, counted, metadata));
    deepest = Math.max(deepest, open.size());
  }

  private void end() {
    open.pop();
    Frame parent = open.peek();
    if (parent != null && parent.map && parent.expectingKey) {
      parent.key = null;
      parent.expectingKey = false;
    } else {
      valueDone(parent);
    }
  }

  /** Whether scalars and brackets at this point count: no enclosing collection left out. */
  private boolean counting() {
    Frame parent = open.peek();
    return parent == null || (parent.counted && !parent.mergeValue);
  }

  /**
   * Counts the separators of a finished map entry or list item: a colon, a comma after the first.
   */
  private void valueDone(Frame parent) {
    if (parent == null) {
      return;
    }
    boolean dropped = parent.mergeValue || (parent.metadata && NAMESPACE.equals(parent.key));
    if (parent.counted && !dropped) {
      parent.members++;
      bytes += (parent.map ? 1 : 0) + (parent.members > 1 ? 1 : 0);
    }
    if (parent.map) {
      parent.expectingKey = true;
      parent.mergeValue = false;
      parent.key = null;
    }
  }

  /** Notes an identity field's value: {@code text} when it is a plain string, else unclear. */
  private void remember(Frame parent, String text) {
    if (parent == null || !parent.map || parent.key == null) {
      return;
    }
    String path = identityPath(parent);
    if (path == null) {
      return;
    }
    if (text == null || path.equals("metadata")) {
      identityUnclear = true;
    } else {
      identity.put(path, text);
    }
  }

  private String identityPath(Frame parent) {
    if (open.size() == 1) {
      return switch (parent.key) {
        case "apiVersion", "kind", "metadata" -> parent.key;
        default -> null;
      };
    }
    if (parent.metadata && (parent.key.equals("name") || parent.key.equals(NAMESPACE))) {
      return "metadata." + parent.key;
    }
    return null;
  }

  private long scalarBytes(ScalarEvent event) {
    Tag tag = tag(event);
    return tag.equals(Tag.STR) || tag.equals(Tag.TIMESTAMP) ? event.getValue().length() + 2L : 1;
  }

  private boolean isMerge(ScalarEvent event) {
    return event.getValue().startsWith("<") && tag(event).equals(Tag.MERGE);
  }

  /**
   * The tag SnakeYAML's composer gives the scalar. A plain scalar that does not start with a
   * character SnakeYAML's {@link Resolver} keys a pattern on is a string: the resolver's patterns
   * are looked up by the first character (and one, for the empty scalar, by none), so this skips a
   * regular expression per key and value.
   */
  private Tag tag(ScalarEvent event) {
    String tag = event.getTag();
    if (tag != null && !tag.equals("!")) {
      return new Tag(tag);
    }
    String value = event.getValue();
    boolean plain = event.getImplicit().canOmitTagInPlainScalar();
    if (!plain || (!value.isEmpty() && RESOLVED_FIRST.indexOf(value.charAt(0)) < 0)) {
      return Tag.STR;
    }
    return resolver.resolve(NodeId.scalar, value, true);
  }
}
