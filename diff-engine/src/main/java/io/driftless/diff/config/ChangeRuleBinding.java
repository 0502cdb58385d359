package io.driftless.diff.config;

import java.util.List;
import java.util.Objects;

/**
 * kapp's {@code changeRuleBindings} item: resources the matcher accepts follow the rules.
 *
 * @param rules rules in kapp's format, e.g. {@code upsert after upserting <group>}
 * @param ignoreIfCyclical whether the rules are dropped when they would make a cycle
 * @param matcher which resources follow them
 */
public record ChangeRuleBinding(
    List<String> rules, boolean ignoreIfCyclical, ResourceMatcher matcher) {

  /** Checks the matcher and copies the rules. */
  public ChangeRuleBinding {
    rules = List.copyOf(rules);
    Objects.requireNonNull(matcher, "matcher");
  }
}
