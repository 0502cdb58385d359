package io.driftless.command.idempotency;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.events.AppChangeFinished;
import io.driftless.events.EventCodec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * How a change ended, read from the event store: its {@link AppChangeFinished}, or nothing while it
 * runs. Used for a key whose change ended without its answer kept (the command side stopped during
 * the change, and {@code OpenChangeRecovery} closed it as failed, or right after it). Reads the
 * app's finished events newest first and stops at the change; a key's change is recent.
 */
@Component
public class ChangeOutcomes {

  private static final ObjectMapper EVENTS = EventCodec.newMapper();
  private static final String FINISHED =
      "SELECT payload FROM domain_event_entry WHERE aggregate_identifier = ? AND payload_type = ?"
          + " ORDER BY sequence_number DESC";

  private final JdbcTemplate jdbc;

  ChangeOutcomes(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  /** The change's end, empty while it runs (or for a change the app never had). */
  public Optional<AppChangeFinished> finished(String appId, String changeId) {
    return jdbc.query(
        FINISHED,
        rs -> {
          while (rs.next()) {
            var event = decode(rs.getBytes(1));
            if (changeId.equals(event.changeId())) {
              return Optional.of(event);
            }
          }
          return Optional.<AppChangeFinished>empty();
        },
        appId,
        AppChangeFinished.class.getName());
  }

  private static AppChangeFinished decode(byte[] payload) {
    try {
      return EVENTS.readValue(payload, AppChangeFinished.class);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
