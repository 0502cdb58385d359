package io.driftless.diff.config;

import java.util.List;
import java.util.Objects;

/**
 * One kapp rebase rule.
 *
 * @param name how field changes name it ({@code rebase:<name>}): {@code default/<id>} for built-in
 *     rules, {@code <config name>/rebaseRules[<i>]} for rules of a Config document
 * @param type copy, remove or the built-in service account token rule
 * @param paths the paths it works on (kapp's {@code path} and {@code paths})
 * @param sources for copy, the sources in order of preference
 * @param matcher which resources it applies to
 */
public record RebaseRule(
    String name,
    RebaseType type,
    List<List<PathPart>> paths,
    List<CopySource> sources,
    ResourceMatcher matcher) {

  /** Checks the parts and copies the lists. */
  public RebaseRule {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(matcher, "matcher");
    paths = paths.stream().map(List::copyOf).toList();
    sources = List.copyOf(sources);
  }
}
