package io.driftless.command.idempotency;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The table {@code idempotency_key} (migration {@code V11__idempotency_key}): one row per key that
 * started a change, inserted by {@link #record} in the transaction that stores the change's {@code
 * AppChangeStarted} (the caller's), so neither exists without the other. The change's answer is
 * added by {@link #answer} when it ends, gzip-compressed (a deploy's answer may carry large diffs).
 * Rows older than {@link IdempotencySettings#retention()} are ignored and deleted, at most once a
 * minute per server, by the next answer written.
 */
@Component
public class IdempotencyStore {

  private static final Logger log = LoggerFactory.getLogger(IdempotencyStore.class);
  private static final Duration PURGE_EVERY = Duration.ofMinutes(1);
  private static final String WHERE_KEY = " WHERE app_id = ? AND endpoint = ? AND key_hash = ?";

  private final JdbcTemplate jdbc;
  private final Clock clock;
  private final Duration retention;
  private final AtomicLong nextPurge = new AtomicLong();

  IdempotencyStore(JdbcTemplate jdbc, Clock clock, IdempotencySettings settings) {
    this.jdbc = jdbc;
    this.clock = clock;
    this.retention = settings.retention();
  }

  /** The key's record, unless there is none or it is older than the retention. */
  public Optional<KeyRecord> find(IdempotencyKey key) {
    var rows =
        jdbc.query(
            "SELECT change_id, request_hash, created_at, status, response FROM idempotency_key"
                + WHERE_KEY
                + " AND created_at >= ?",
            (rs, n) -> {
              var json = rs.getBytes("response");
              var answer =
                  json == null ? null : new KeyRecord.Answer(rs.getInt("status"), gunzip(json));
              return new KeyRecord(
                  rs.getString("change_id"),
                  rs.getString("request_hash"),
                  Instant.ofEpochMilli(rs.getLong("created_at")),
                  answer);
            },
            key.appId(),
            key.endpoint(),
            key.keyHash(),
            cutoff());
    return rows.stream().findFirst();
  }

  /**
   * Records that the key starts the change. Must run in the transaction that stores the change's
   * start. Fails with Spring's {@code DuplicateKeyException} (or, on H2, a lock timeout) when
   * another request recorded the key first; a forgotten (expired) row of the key is replaced.
   */
  public void record(IdempotencyKey key, String changeId) {
    jdbc.update(
        "DELETE FROM idempotency_key" + WHERE_KEY + " AND created_at < ?",
        key.appId(),
        key.endpoint(),
        key.keyHash(),
        cutoff());
    jdbc.update(
        "INSERT INTO idempotency_key (app_id, endpoint, key_hash, idem_key, request_hash,"
            + " change_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        key.appId(),
        key.endpoint(),
        key.keyHash(),
        key.key(),
        key.requestHash(),
        changeId,
        clock.millis());
  }

  /**
   * Keeps the answer of the key's change, unless one is kept already (the first answer stays).
   * Returns whether it was written.
   */
  public boolean answer(IdempotencyKey key, String changeId, KeyRecord.Answer answer) {
    var written =
        jdbc.update(
            "UPDATE idempotency_key SET status = ?, response = ?, answered_at = ?"
                + WHERE_KEY
                + " AND change_id = ? AND response IS NULL",
            answer.status(),
            gzip(answer.json()),
            clock.millis(),
            key.appId(),
            key.endpoint(),
            key.keyHash(),
            changeId);
    purgeNowAndThen();
    return written == 1;
  }

  /** Deletes the rows older than the retention; returns how many. */
  public int purgeExpired() {
    return jdbc.update("DELETE FROM idempotency_key WHERE created_at < ?", cutoff());
  }

  private void purgeNowAndThen() {
    var now = clock.millis();
    var due = nextPurge.get();
    if (now >= due && nextPurge.compareAndSet(due, now + PURGE_EVERY.toMillis())) {
      var purged = purgeExpired();
      if (purged > 0) {
        log.info("Forgot {} idempotency keys older than {}", purged, retention);
      }
    }
  }

  private long cutoff() {
    return clock.millis() - retention.toMillis();
  }

  private static byte[] gzip(byte[] bytes) {
    var out = new ByteArrayOutputStream(bytes.length / 4 + 64);
    try (var zip = new GZIPOutputStream(out)) {
      zip.write(bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  private static byte[] gunzip(byte[] bytes) {
    try (var zip = new GZIPInputStream(new ByteArrayInputStream(bytes))) {
      return zip.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
