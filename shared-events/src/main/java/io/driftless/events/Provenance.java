package io.driftless.events;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * Who and what asked for an app change, recorded on it ({@link AppChangeStarted#provenance()},
 * {@link AppLocked}, {@link AppUnlocked}) and shown by every history answer (docs/API.md,
 * "Provenance on every change"). Never holds a Secret's value.
 *
 * @param actor the token's name or the JWT subject; {@value #ANONYMOUS} on the open embedded
 *     default; {@value #SERVER} for the reconciles the server runs by itself; {@value #UNKNOWN} for
 *     changes recorded before provenance existed
 * @param client the caller's {@code User-Agent} (the CLI sends {@code driftless-cli/<version>});
 *     null when it sent none, and for the server's own changes
 * @param message the caller's words ({@code ?message=} or {@code Driftless-Message}), at most
 *     {@value #MAX_MESSAGE} characters; null for none
 * @param meta string pairs ({@code git.commit}, {@code git.repo}, {@code pipeline.url}, ...),
 *     sorted by key; empty for none, never null
 */
public record Provenance(String actor, String client, String message, Map<String, String> meta) {

  /** The actor of changes recorded before provenance existed. */
  public static final String UNKNOWN = "unknown";

  /** The actor on the embedded default without tokens. */
  public static final String ANONYMOUS = "anonymous";

  /** The actor of the reconciles the server runs by itself (periodic or watch-triggered). */
  public static final String SERVER = "driftless";

  /** The longest {@code message} accepted. */
  public static final int MAX_MESSAGE = 1_000;

  /** Fills in what older or partial records leave out: no actor is {@value #UNKNOWN}. */
  public Provenance {
    actor = actor == null || actor.isBlank() ? UNKNOWN : actor;
    // Map.copyOf would lose the order: the JSON and every answer list the keys sorted.
    meta = meta == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(meta));
  }

  /**
   * The provenance of changes recorded before it existed: actor {@value #UNKNOWN}, nothing else.
   */
  public static Provenance unknown() {
    return new Provenance(UNKNOWN, null, null, Map.of());
  }

  /** The provenance of a reconcile the server runs by itself. */
  public static Provenance server() {
    return new Provenance(SERVER, null, null, Map.of());
  }
}
