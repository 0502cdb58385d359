package io.driftless.events;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Optional;

/**
 * How Driftless writes an app's objects to the cluster: the deploy parameter {@code applyMode},
 * stored on {@link AppChangeStarted#applyMode()} so that reconciles write the way the app was
 * deployed.
 *
 * <p>In JSON it is its {@link #wireName()}, {@code "update"} or {@code "server-side"}. A change
 * under the default stores {@code null} ({@link #stored()}), as stores did before the field
 * existed; {@link #orDefault} reads that null back as {@link #UPDATE}.
 */
public enum ApplyMode {
  /** kapp's way: the merged object sent with PUT and the live resourceVersion; the default. */
  UPDATE("update"),
  /**
   * Kubernetes' server-side apply: PATCH {@code application/apply-patch+yaml} with field manager
   * {@code driftless}; a field another manager owns is a conflict unless forced.
   */
  SERVER_SIDE("server-side");

  private final String wireName;

  ApplyMode(String wireName) {
    this.wireName = wireName;
  }

  /** The name on the wire, in the API and in the event store. */
  @JsonValue
  public String wireName() {
    return wireName;
  }

  /** How {@link AppChangeStarted} stores this mode: null for {@link #UPDATE}, the default. */
  public ApplyMode stored() {
    return this == UPDATE ? null : this;
  }

  /** The mode of a stored value: null (older stores, the default) is {@link #UPDATE}. */
  public static ApplyMode orDefault(ApplyMode stored) {
    return stored == null ? UPDATE : stored;
  }

  /** The mode of a stored wire name; one that is no mode reads as {@link #UPDATE}. */
  @JsonCreator
  public static ApplyMode ofWireName(String wireName) {
    return parse(wireName).orElse(UPDATE);
  }

  /** The mode of a wire name, if it is one ({@code update} or {@code server-side}). */
  public static Optional<ApplyMode> parse(String wireName) {
    for (var mode : values()) {
      if (mode.wireName.equals(wireName)) {
        return Optional.of(mode);
      }
    }
    return Optional.empty();
  }
}
