package io.driftless.diff.config;

/**
 * Decides whether a kapp rule applies to a resource; built from a Config's {@code resourceMatchers}
 * by {@link ResourceMatchers}.
 */
@FunctionalInterface
public interface ResourceMatcher {

  /** Whether the subject matches. */
  boolean matches(MatchSubject subject);
}
