package io.driftless.events;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;
import java.util.Optional;

/**
 * What an app does about a ghost diff (a field the cluster keeps setting back): the deploy
 * parameter {@code ghostDiffPolicy}, stored on {@link AppChangeStarted#ghostDiffPolicy()}.
 *
 * <p>In JSON it is its {@link #wireName()}, {@code "report"} or {@code "yield"}, as the event store
 * has always held it. A change under the default stores {@code null} ({@link #stored()}), as stores
 * did before the field existed; {@link #orDefault} reads that null back as {@link #REPORT}.
 */
public enum GhostDiffPolicy {
  /** Keep writing the field and report the fight ({@code GhostDiffDetected}); the default. */
  REPORT,
  /** Stop writing the field ({@code GhostDiffYielded}): plans keep the cluster's value. */
  YIELD;

  /** The name on the wire, in the API and in the event store: {@code report}, {@code yield}. */
  @JsonValue
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * How {@link AppChangeStarted} stores this policy: null for {@link #REPORT}, the default, so that
   * a change under it reads as those of stores written before the field existed.
   */
  public GhostDiffPolicy stored() {
    return this == REPORT ? null : this;
  }

  /** The policy of a stored value: null (older stores, the default) is {@link #REPORT}. */
  public static GhostDiffPolicy orDefault(GhostDiffPolicy stored) {
    return stored == null ? REPORT : stored;
  }

  /**
   * The policy of a stored wire name, case ignored; a name that is no policy reads as {@link
   * #REPORT}, as the App has always read it. A JSON null stays null (see {@link #orDefault}).
   */
  @JsonCreator
  public static GhostDiffPolicy ofWireName(String wireName) {
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
