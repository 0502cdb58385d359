package io.driftless.query.history;

import io.driftless.events.AppChangeFinished;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.Provenance;
import io.driftless.query.projection.Json;
import io.driftless.query.projection.ViewTimes;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.TreeMap;

/** An {@code app_change} row as a batch of the {@link HistoryProjection} leaves it. */
record ChangeRow(
    long number,
    String trigger,
    Timestamp startedAt,
    String description,
    String namespaces,
    Timestamp finishedAt,
    Boolean successful,
    String error,
    String actor,
    String client,
    String message,
    String meta,
    String rolledBackTo) {

  static ChangeRow started(AppChangeStarted e) {
    var p = e.provenance();
    return new ChangeRow(
        e.changeNumber(),
        e.trigger().wireName(),
        ViewTimes.millis(e.startedAt()),
        e.description(),
        Json.write(e.namespaces()),
        null,
        null,
        null,
        truncate(p.actor(), MAX_ACTOR),
        p.client(),
        p.message(),
        Json.write(new TreeMap<>(p.meta())),
        e.rolledBackTo());
  }

  /**
   * A lock or unlock: started and finished at {@code at}, successful, no namespaces, the
   * description {@code lock: <reason>} or {@code unlock}.
   */
  static ChangeRow instant(
      long number, ChangeTrigger trigger, Instant at, String description, Provenance p) {
    var time = ViewTimes.millis(at);
    return new ChangeRow(
        number,
        trigger.wireName(),
        time,
        truncate(description, MAX_DESCRIPTION),
        "[]",
        time,
        true,
        null,
        truncate(p.actor(), MAX_ACTOR),
        p.client(),
        p.message(),
        Json.write(new TreeMap<>(p.meta())),
        null);
  }

  ChangeRow finished(AppChangeFinished e) {
    return new ChangeRow(
        number,
        trigger,
        startedAt,
        e.description(),
        namespaces,
        ViewTimes.millis(e.finishedAt()),
        e.successful(),
        e.error(),
        actor,
        client,
        message,
        meta,
        rolledBackTo);
  }

  Object[] values(String appId, String changeId) {
    return new Object[] {
      appId,
      changeId,
      number,
      trigger,
      startedAt,
      description,
      namespaces,
      finishedAt,
      successful,
      error,
      actor,
      client,
      message,
      meta,
      rolledBackTo
    };
  }

  private static final int MAX_DESCRIPTION = 1024;
  private static final int MAX_ACTOR = 512;

  /** Longer values than a column holds are cut (the command side validates them shorter). */
  static String truncate(String value, int length) {
    return value == null || value.length() <= length ? value : value.substring(0, length);
  }
}
