package io.driftless.query.config;

import io.driftless.query.eventstore.EventStoreMismatchException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Start-up refused over the event store: one clear paragraph instead of a bean creation trace. */
class EventStoreFailureAnalyzer extends AbstractFailureAnalyzer<EventStoreMismatchException> {

  @Override
  protected FailureAnalysis analyze(Throwable root, EventStoreMismatchException cause) {
    return new FailureAnalysis(
        cause.getMessage(),
        "Point the query side at the command side's database: in the distributed profile both"
            + " sides build it from DB_HOST, DB_PORT, DB_NAME, DB_USER and DB_PASSWORD; or set"
            + " driftless.event-store.url, .username and .password.",
        cause);
  }
}
