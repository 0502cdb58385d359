package io.driftless.command.resource;

import java.util.Locale;
import java.util.Optional;

/**
 * What an app does about a ghost diff (a field the cluster keeps setting back): the deploy
 * parameter {@code ghostDiffPolicy}, stored on {@code AppChangeStarted.ghostDiffPolicy}.
 */
public enum GhostDiffPolicy {
  /** Keep writing the field and report the fight ({@code GhostDiffDetected}); the default. */
  REPORT,
  /** Stop writing the field ({@code GhostDiffYielded}): plans keep the cluster's value. */
  YIELD;

  /** The name on the wire and in the API: {@code report}, {@code yield}. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The policy of a wire name; null (older stores, no parameter) is {@link #REPORT}. */
  public static GhostDiffPolicy ofStored(String wireName) {
    return parse(wireName).orElse(REPORT);
  }

  /** The policy of a wire name, if it is one ({@code report} or {@code yield}, case ignored). */
  public static Optional<GhostDiffPolicy> parse(String wireName) {
    if (wireName == null) {
      return Optional.empty();
    }
    for (var policy : values()) {
      if (policy.wireName().equalsIgnoreCase(wireName)) {
        return Optional.of(policy);
      }
    }
    return Optional.empty();
  }
}
