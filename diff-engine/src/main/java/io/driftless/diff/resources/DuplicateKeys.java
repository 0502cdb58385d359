package io.driftless.diff.resources;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Describes keys declared by more than one document. */
final class DuplicateKeys {

  private static final String DOCUMENT = "document ";

  private DuplicateKeys() {}

  /**
   * One problem per key with several documents, e.g. {@code apps/Deployment/default/x: declared
   * twice (documents 1 and 4)}.
   */
  static List<String> describe(Map<ResourceKey, List<String>> labelsByKey) {
    var problems = new ArrayList<String>();
    labelsByKey.forEach(
        (key, labels) -> {
          if (labels.size() > 1) {
            problems.add(
                key.id() + ": declared " + times(labels.size()) + " (" + where(labels) + ")");
          }
        });
    return problems;
  }

  private static String times(int count) {
    return count == 2 ? "twice" : count + " times";
  }

  /** "documents 1 and 4" when all are whole documents, else the labels themselves. */
  private static String where(List<String> labels) {
    boolean plain = labels.stream().allMatch(l -> l.matches(DOCUMENT + "\\d+"));
    List<String> parts =
        plain ? labels.stream().map(l -> l.substring(DOCUMENT.length())).toList() : labels;
    String joined =
        String.join(", ", parts.subList(0, parts.size() - 1))
            + " and "
            + parts.get(parts.size() - 1);
    return plain ? "documents " + joined : joined;
  }
}
