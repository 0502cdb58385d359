package io.driftless.events;

/**
 * What started an app change. Stored by name ({@code DEPLOY}); the API and the history view show
 * its {@link #wireName()}.
 */
public enum ChangeTrigger {
  /** {@code POST .../deploy}. */
  DEPLOY,
  /** {@code POST .../reconcile}, or the server's own periodic or watch-triggered reconcile. */
  RECONCILE,
  /** {@code DELETE /api/apps/{namespace}/{app}}. */
  DELETE,
  /** {@code POST .../rollback?to=}: the desired set of an earlier change deployed again. */
  ROLLBACK,
  /** {@code POST .../lock}: a change freeze began ({@link AppLocked}); nothing is applied. */
  LOCK,
  /** {@code DELETE .../lock}: the freeze ended ({@link AppUnlocked}); nothing is applied. */
  UNLOCK;

  /** The lower-case name used on the wire and in the API. */
  public String wireName() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
