package io.driftless.diff.config;

import java.util.Objects;

/**
 * kapp's {@code changeGroupBindings} item: resources the matcher accepts belong to the group.
 *
 * @param name the group name, possibly with placeholders ({@code {name}}, {@code {namespace}},
 *     {@code {kind}}, {@code {api-group}}, {@code {crd-kind}}, {@code {crd-group}})
 * @param matcher which resources belong
 */
public record ChangeGroupBinding(String name, ResourceMatcher matcher) {

  /** Checks that no part is null. */
  public ChangeGroupBinding {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(matcher, "matcher");
  }
}
