package io.driftless.diff.resources;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Optional;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * Refuses a YAML body holding an object over {@link ManifestLimits#maxObjectBytes()} before
 * SnakeYAML composes it. Composing a document into nodes, converting it and measuring its JSON
 * costs seconds for a few MiB of small keys (150,000 keys, 3 MB: about 1 s of CPU in a fresh JVM,
 * 3.5-4.5 s wall on a loaded 2-core machine); reading the parser's events costs a fraction of that
 * and stops as soon as the document is known to be too large (here half-way: 0.3 s of CPU).
 *
 * <p>One pass over the events sums, per document, a lower bound of its JSON size ({@link
 * DocumentSizeBound}); when the bound passes the limit and the document names a resource it is
 * refused in {@link ObjectSizes}' words, the size given as "at least". Being a lower bound, it
 * never refuses an object the exact measure would accept. Everything else is left to the parser and
 * {@link ObjectSizes}, unchanged: documents under the bound, a syntax error (the parser reports it
 * in its words), nesting over the limit, a List document (its items are the objects), a kapp Config
 * (not a resource), identity fields that are missing, not strings or invalid (the parser names
 * every problem), and a custom kind in a body that declares CRDs (one may make it cluster-scoped,
 * which changes its name in the message).
 *
 * <p>Only the documents that could pass the limit are read (issue 31: the scan was a fifth of an
 * unchanged redeploy's CPU). The body is cut at its document markers ({@code ---} at the start of a
 * line, where SnakeYAML's scanner ends a document in every context), and a piece is left out when
 * its bound cannot pass the limit: it holds no possible alias (a {@code *} after a space, a line
 * start or a flow indicator: the only way a short text counts large) and four times its length
 * (plus 16) is within the limit. Each counted byte stands for source text: a string its characters
 * and quotes (at most its source plus 2), any other scalar 1, a collection its brackets, colons and
 * commas; at most three bytes per source character in all. A body with a directive ({@code %} at a
 * line start: it applies across the markers) is read whole.
 *
 * <p>Limits: the first document found too large is named alone, where the exact measure names every
 * one; and a body that also has other problems (an unparsable later document, an invalid name
 * elsewhere, a document nested too deep before it) is refused as too large, as {@link LongLines}
 * does, instead of for those.
 */
final class ObjectSizeBound {

  private final ManifestLimits limits;
  private final String defaultNamespace;

  private ObjectSizeBound(ManifestLimits limits, String defaultNamespace) {
    this.limits = limits;
    this.defaultNamespace = defaultNamespace;
  }

  /** Throws {@link ManifestException.Reason#OBJECT_TOO_LARGE} for the first object found over. */
  static void check(String body, ManifestLimits limits, String defaultNamespace) {
    new ObjectSizeBound(limits, defaultNamespace).scan(body);
  }

  private void scan(String body) {
    var pieces = pieces(body);
    if (!pieces.isEmpty()) {
      scan(body, pieces);
    }
  }

  /**
   * The parts of the body the scan must read: every document piece whose bound could pass the
   * limit, in order; the whole body when it holds a directive; empty when none could.
   */
  private String pieces(String body) {
    if (body.startsWith("%") || body.contains("\n%")) {
      return body;
    }
    var kept = new StringBuilder();
    var start = 0;
    while (start < body.length()) {
      var end = nextMarker(body, start);
      if (couldPass(body, start, end)) {
        if (!kept.isEmpty() && !body.startsWith("---", start)) {
          kept.append("---\n");
        }
        kept.append(body, start, end);
        if (kept.charAt(kept.length() - 1) != '\n') {
          kept.append('\n');
        }
      }
      start = end;
    }
    return kept.toString();
  }

  /** Where the document marker after {@code start} begins, or the body's end. */
  private static int nextMarker(String body, int start) {
    var from = start;
    while (true) {
      var at = body.indexOf("\n---", from);
      if (at < 0) {
        return body.length();
      }
      var after = at + 4;
      if (after >= body.length() || " \t\r\n".indexOf(body.charAt(after)) >= 0) {
        return at + 1;
      }
      from = after;
    }
  }

  private boolean couldPass(String body, int start, int end) {
    if (4L * (end - start) + 16 > limits.maxObjectBytes()) {
      return true;
    }
    for (var at = body.indexOf('*', start); at >= 0 && at < end; at = body.indexOf('*', at + 1)) {
      if (at == 0 || " \t\r\n[{,:?".indexOf(body.charAt(at - 1)) >= 0) {
        return true;
      }
    }
    return false;
  }

  private void scan(String body, String pieces) {
    var events = new Yaml(YamlTrees.options(limits.maxNestingDepth()));
    var resolver = new Resolver();
    DocumentSizeBound document = null;
    boolean decided = false;
    try {
      for (Event event : events.parse(new StringReader(pieces))) {
        if (event.is(Event.ID.DocumentStart)) {
          document = new DocumentSizeBound(resolver);
          decided = false;
        } else if (document != null && !decided) {
          document.on(event);
          if (document.deepest() > limits.maxNestingDepth()) {
            return;
          }
          if (document.bytes() > limits.maxObjectBytes() && named(document)) {
            decided = true;
            refuse(document, body);
          }
        }
      }
    } catch (YAMLException e) {
      // the parser refuses the body, in its words
    }
  }

  private static boolean named(DocumentSizeBound document) {
    return document.identity("apiVersion") != null
        && document.identity("kind") != null
        && document.identity("metadata.name") != null;
  }

  /** Refuses the document when the parser would name it the same way; else leaves it to it. */
  private void refuse(DocumentSizeBound document, String body) {
    resource(document, body)
        .ifPresent(
            name -> {
              throw ObjectSizes.atLeast(name, document.bytes(), limits.maxObjectBytes());
            });
  }

  /** The resource as {@link ObjectSizes} names it, when the parser would name it so. */
  private Optional<String> resource(DocumentSizeBound document, String body) {
    String apiVersion = document.identity("apiVersion");
    String kind = document.identity("kind");
    boolean customScope =
        !ClusterScope.isClusterScoped(apiVersion, kind)
            && body.contains("CustomResourceDefinition");
    if (document.identityUnclear() || kind.endsWith("List") || customScope) {
      return Optional.empty();
    }
    ObjectNode skeleton = JsonNodeFactory.instance.objectNode();
    skeleton.put("apiVersion", apiVersion).put("kind", kind);
    ObjectNode metadata =
        skeleton.putObject("metadata").put("name", document.identity("metadata.name"));
    if (document.identity("metadata.namespace") != null) {
      metadata.put("namespace", document.identity("metadata.namespace"));
    }
    var source = new SourceDocument("document", skeleton);
    if (source.isKappConfig()) {
      return Optional.empty();
    }
    return new ResourceBuilder(ClusterScope.builtIn(), defaultNamespace)
        .build(source, new ArrayList<>())
        .map(resource -> resource.key().describe());
  }
}
