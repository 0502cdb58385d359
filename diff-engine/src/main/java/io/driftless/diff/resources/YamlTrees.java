package io.driftless.diff.resources;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.resources.ManifestException.Reason;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * Reads YAML into Jackson trees the way Kubernetes reads it: as JSON. Used by {@link
 * ManifestParser}, and by callers that read single objects (live or last-applied fixtures, the
 * CLI's offline diff).
 *
 * <p>Loading is SnakeYAML's safe constructor with these settings: documents of up to 16 Mi code
 * points (so 10 MiB bodies parse), SnakeYAML's default alias limit (50 aliased collections; the
 * billion-laughs protection) plus a bound on what aliases expand to, duplicate map keys refused,
 * collections nested at most {@link ManifestLimits#maxNestingDepth()} deep (100 unless the caller
 * says otherwise), and timestamps kept as strings. Integers, floats, booleans and null become JSON
 * numbers, booleans and null; YAML 1.1 rules apply ({@code yes} is true, as in kubectl). Map keys
 * that are not strings become their text.
 */
public final class YamlTrees {

  /** The most code points one YAML document may have. */
  public static final int MAX_CODE_POINTS = 16 * 1024 * 1024;

  /** SnakeYAML's {@code Composer} says so when a document nests deeper than the limit. */
  private static final String NESTING_PROBLEM = "Nesting Depth exceeded";

  private YamlTrees() {}

  /**
   * Reads every document of a YAML stream, in order. Empty and {@code null} documents are kept as
   * {@code NullNode} so positions match the stream ("document 3" is the third).
   *
   * @throws ManifestException (UNPARSABLE) when the text is not YAML or breaks a limit
   */
  public static List<JsonNode> readAll(String yaml) {
    return readAll(yaml, ManifestLimits.DEFAULT_MAX_NESTING_DEPTH);
  }

  /**
   * Reads every document of a YAML stream, as {@link #readAll(String)}, with maps and lists nested
   * at most {@code maxNestingDepth} deep (the outermost map of a document is level 1).
   *
   * @throws ManifestException (UNPARSABLE) when the text is not YAML or breaks a limit
   */
  public static List<JsonNode> readAll(String yaml, int maxNestingDepth) {
    var documents = new ArrayList<JsonNode>();
    Iterator<Object> loaded = new Yaml(constructor(maxNestingDepth)).loadAll(yaml).iterator();
    try {
      while (loaded.hasNext()) {
        documents.add(convert(loaded.next(), documents.size() + 1));
      }
    } catch (YAMLException e) {
      if (String.valueOf(e.getMessage()).startsWith(NESTING_PROBLEM)) {
        throw ManifestException.nestedTooDeep(
            maxNestingDepth,
            "document "
                + (documents.size() + 1)
                + ": nested more than "
                + maxNestingDepth
                + " levels deep");
      }
      throw unparsable(documents.size() + 1, describe(e));
    } catch (ManifestException e) {
      throw e;
    } catch (RuntimeException e) {
      // SnakeYAML's constructors throw plain Java exceptions for values that do not match their
      // tag (!!int twelve, !!binary "%%%"); their messages name Java classes.
      throw unparsable(documents.size() + 1, "a value does not match its YAML tag");
    }
    return documents;
  }

  /**
   * Reads a YAML text that holds exactly one map.
   *
   * @throws ManifestException (UNPARSABLE) when the text is not YAML or not exactly one map
   */
  public static ObjectNode readObject(String yaml) {
    List<JsonNode> documents = readAll(yaml).stream().filter(d -> !d.isNull()).toList();
    if (documents.size() != 1 || !documents.get(0).isObject()) {
      throw new ManifestException(
          Reason.UNPARSABLE,
          "The YAML text must hold exactly one map.",
          List.of("found " + documents.size() + " non-empty documents"));
    }
    return (ObjectNode) documents.get(0);
  }

  /** The loader settings above; {@link ObjectSizeBound} reads the same text with them. */
  static LoaderOptions options(int maxNestingDepth) {
    var options = new LoaderOptions();
    options.setCodePointLimit(MAX_CODE_POINTS);
    options.setAllowDuplicateKeys(false);
    options.setNestingDepthLimit(maxNestingDepth);
    return options;
  }

  private static KubernetesYamlConstructor constructor(int maxNestingDepth) {
    return new KubernetesYamlConstructor(options(maxNestingDepth));
  }

  private static JsonNode convert(Object document, int number) {
    try {
      return new YamlToJson().convert(document);
    } catch (IllegalArgumentException e) {
      throw unparsable(number, e.getMessage());
    }
  }

  /**
   * The problem and where it is; never the snippet SnakeYAML quotes, which may hold secrets, nor a
   * tag's name, which for the tags of Java classes ({@code !!java.lang.ProcessBuilder}) reads as a
   * leak.
   */
  private static String describe(YAMLException e) {
    if (e instanceof MarkedYAMLException marked && marked.getProblem() != null) {
      Mark mark = marked.getProblemMark();
      String where =
          mark == null
              ? ""
              : " (line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1) + ")";
      return withoutTagNames(marked.getProblem()) + where;
    }
    return withoutTagNames(e.getMessage());
  }

  private static String withoutTagNames(String problem) {
    if (problem != null
        && (problem.contains("tag:") || problem.contains("constructor for the tag"))) {
      return "a YAML tag that is not allowed; only the standard tags (!!str, !!int, !!float,"
          + " !!bool, !!null, !!map, !!seq, !!set, !!binary, !!timestamp) are";
    }
    return problem;
  }

  private static ManifestException unparsable(int document, String problem) {
    return new ManifestException(
        Reason.UNPARSABLE,
        "The manifest is not valid YAML.",
        List.of("document " + document + ": " + problem));
  }
}
