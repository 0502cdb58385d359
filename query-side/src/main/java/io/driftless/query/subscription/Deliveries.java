package io.driftless.query.subscription;

import io.driftless.query.projection.ViewTimes;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * {@code event_delivery} outside the outbox: the dispatcher's claims and results, the listing and
 * redelivery of the API. Every claim and result is one conditional statement, so two processes
 * never both hold a row: a claim takes a row only when it is open, due, and nobody's lease runs.
 */
public final class Deliveries {

  private static final String OPEN = "status IN ('pending', 'failed')";

  private final JdbcClient jdbc;

  public Deliveries(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** A row the dispatcher may send. */
  record Due(long id, String subscriptionId, String body, int attempts, Instant retrySince) {}

  /**
   * The rows that head their (subscription, app) line, are due and not leased; at most {@code
   * limit}, oldest first. The heads are found in one grouped pass over the open rows (the index on
   * status, subscription, app, id), not by a subquery per open row: that was quadratic in a line's
   * backlog and took two thirds of the dispatcher's time on H2 (query-side BENCHMARK.md, "Webhook
   * delivery").
   */
  List<Due> due(Instant now, int limit) {
    var at = ViewTimes.millis(now);
    return jdbc.sql(
            "SELECT d.id, d.subscription_id, d.body, d.attempts, d.retry_since FROM event_delivery d"
                + " JOIN (SELECT MIN(id) AS id FROM event_delivery WHERE "
                + OPEN
                + " GROUP BY subscription_id, app_id) h ON h.id = d.id"
                + " WHERE d.next_attempt_at <= ? AND (d.lease_until IS NULL OR d.lease_until < ?)"
                + " ORDER BY d.id LIMIT ?")
        .params(at, at, limit)
        .query(
            (rs, row) ->
                new Due(
                    rs.getLong(1),
                    rs.getString(2),
                    rs.getString(3),
                    rs.getInt(4),
                    rs.getTimestamp(5).toInstant()))
        .list();
  }

  /** Claims a row for {@code owner} until {@code until}; false if another holds or closed it. */
  boolean claim(long id, String owner, Instant now, Instant until) {
    return jdbc.sql(
                "UPDATE event_delivery SET lease_owner = ?, lease_until = ? WHERE id = ? AND "
                    + OPEN
                    + " AND (lease_until IS NULL OR lease_until < ?)")
            .params(owner, ViewTimes.millis(until), id, ViewTimes.millis(now))
            .update()
        == 1;
  }

  /**
   * Gives up {@code owner}'s leases (a dispatcher that stops, a send its executor refused): the
   * rows are due again at once for any dispatcher instead of when the lease would have run out. A
   * send already on its way may then arrive twice (at least once, as after a crash). {@code id}
   * null: every row the owner holds. Returns how many rows were freed.
   */
  int release(String owner, Long id) {
    var one = id == null ? "" : " AND id = ?";
    var spec =
        jdbc.sql(
                "UPDATE event_delivery SET lease_owner = NULL, lease_until = NULL WHERE"
                    + " lease_owner = ? AND "
                    + OPEN
                    + one)
            .param(owner);
    return (id == null ? spec : spec.param(id)).update();
  }

  /** A 2xx: delivered. */
  void delivered(long id, String owner, int status, Instant now) {
    jdbc.sql(
            "UPDATE event_delivery SET status = 'delivered', attempts = attempts + 1,"
                + " last_status = ?, last_error = NULL, last_attempt_at = ?, delivered_at = ?,"
                + " lease_owner = NULL, lease_until = NULL WHERE id = ? AND lease_owner = ?")
        .params(status, ViewTimes.millis(now), ViewTimes.millis(now), id, owner)
        .update();
  }

  /** A failed try: {@code failed} until {@code next}, or {@code dead}. */
  void failed(
      long id,
      String owner,
      Integer status,
      String error,
      Instant now,
      Instant next,
      boolean dead) {
    jdbc.sql(
            "UPDATE event_delivery SET status = ?, attempts = attempts + 1, last_status = ?,"
                + " last_error = ?, last_attempt_at = ?, next_attempt_at = ?, lease_owner = NULL,"
                + " lease_until = NULL WHERE id = ? AND lease_owner = ?")
        .params(
            dead ? DeliveryStatus.DEAD : DeliveryStatus.FAILED,
            status,
            error.length() > 1000 ? error.substring(0, 1000) : error,
            ViewTimes.millis(now),
            ViewTimes.millis(next),
            id,
            owner)
        .update();
  }

  /** A subscription's deliveries, newest first, optionally of one status. */
  List<DeliveryRow> list(String subscriptionId, String status, int limit) {
    var filter = status == null ? "" : " AND status = ?";
    var spec =
        jdbc.sql(
                "SELECT id, event_id, event_type, app_id, status, attempts, created_at,"
                    + " next_attempt_at, last_attempt_at, last_status, last_error, delivered_at,"
                    + " body FROM event_delivery WHERE subscription_id = ?"
                    + filter
                    + " ORDER BY id DESC LIMIT ?")
            .param(subscriptionId);
    if (status != null) {
      spec = spec.param(status);
    }
    return spec.param(limit).query((rs, row) -> row(rs)).list();
  }

  /**
   * Puts a delivery back to {@code pending}, due now, with a new 24 h: it is sent again with the
   * same CloudEvent id, in its place in its app's line. False if the subscription has no such row.
   */
  boolean redeliver(String subscriptionId, long id) {
    var now = ViewTimes.millis(Instant.now());
    return jdbc.sql(
                "UPDATE event_delivery SET status = 'pending', next_attempt_at = ?, retry_since ="
                    + " ?, delivered_at = NULL, lease_owner = NULL, lease_until = NULL WHERE id = ?"
                    + " AND subscription_id = ?")
            .params(now, now, id, subscriptionId)
            .update()
        == 1;
  }

  private static DeliveryRow row(ResultSet rs) throws SQLException {
    Integer lastStatus = rs.getInt(10);
    lastStatus = rs.wasNull() ? null : lastStatus;
    return new DeliveryRow(
        rs.getLong(1),
        rs.getString(2),
        rs.getString(3),
        rs.getString(4),
        rs.getString(5),
        rs.getInt(6),
        instant(rs.getTimestamp(7)),
        DeliveryStatus.open(rs.getString(5)) ? instant(rs.getTimestamp(8)) : null,
        instant(rs.getTimestamp(9)),
        lastStatus,
        rs.getString(11),
        instant(rs.getTimestamp(12)),
        rs.getString(13));
  }

  private static Instant instant(Timestamp at) {
    return at == null ? null : at.toInstant();
  }
}
