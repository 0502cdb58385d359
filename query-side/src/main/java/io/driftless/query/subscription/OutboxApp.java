package io.driftless.query.subscription;

import io.driftless.events.Provenance;

/**
 * What the outbox remembers of one app between its events ({@code event_outbox_app}): the open
 * change's trigger and provenance, and whether the app is deployed (its next successful deploy is a
 * CDEvents {@code upgraded}, not {@code deployed}).
 */
final class OutboxApp {

  boolean deployed;
  String changeId;
  String trigger;
  Provenance provenance;

  OutboxApp(boolean deployed, String changeId, String trigger, Provenance provenance) {
    this.deployed = deployed;
    this.changeId = changeId;
    this.trigger = trigger;
    this.provenance = provenance;
  }

  static OutboxApp fresh() {
    return new OutboxApp(false, null, null, null);
  }
}
