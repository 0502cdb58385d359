package io.driftless.events;

/** What started an app change. Serialised in lower case, as the history view shows it. */
public enum ChangeTrigger {
  DEPLOY,
  RECONCILE,
  DELETE;

  /** The lower-case name used on the wire and in the API. */
  public String wireName() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
