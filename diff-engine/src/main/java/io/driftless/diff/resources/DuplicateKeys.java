package io.driftless.diff.resources;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Describes keys declared by more than one document with different content. */
final class DuplicateKeys {

  private static final String DOCUMENT = "document ";

  private DuplicateKeys() {}

  /**
   * One problem per conflicting key (declared by several documents that differ), naming every one
   * of its documents, e.g. {@code apps/Deployment/default/x: declared twice with different content
   * (documents 1 and 4)}.
   */
  static List<String> describe(
      Map<ResourceKey, List<String>> labelsByKey, Set<ResourceKey> conflicting) {
    var problems = new ArrayList<String>();
    labelsByKey.forEach(
        (key, labels) -> {
          if (conflicting.contains(key)) {
            problems.add(
                key.id()
                    + ": declared "
                    + times(labels.size())
                    + " with different content ("
                    + where(labels)
                    + ")");
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
