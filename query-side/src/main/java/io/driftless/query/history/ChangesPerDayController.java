package io.driftless.query.history;

import io.driftless.events.ResourceIds;
import io.driftless.query.api.BadParameterException;
import io.driftless.query.api.KnownApps;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * An app's changes per day (UTC), by trigger and result, for the history page's chart: the changes
 * the history view keeps (all, or {@code driftless.history.keep} per app) started within the last
 * {@code days} days. Counted here from the rows' start times rather than with the database's date
 * functions, so MariaDB and H2 answer the same in any session time zone.
 */
@RestController
class ChangesPerDayController {

  /** One bar segment: {@code count} changes of one trigger and result started on {@code day}. */
  record DayCount(LocalDate day, String trigger, Boolean successful, int count) {}

  private record Key(LocalDate day, String trigger, Boolean successful) implements Comparable<Key> {
    @Override
    public int compareTo(Key other) {
      var byDay = day.compareTo(other.day);
      if (byDay != 0) {
        return byDay;
      }
      var byTrigger = trigger.compareTo(other.trigger);
      return byTrigger != 0 ? byTrigger : rank(successful) - rank(other.successful);
    }

    private static int rank(Boolean successful) {
      return successful == null ? 2 : successful ? 0 : 1;
    }
  }

  private final JdbcClient jdbc;
  private final KnownApps apps;
  private final Clock clock;

  ChangesPerDayController(DataSource dataSource, KnownApps apps) {
    this.jdbc = JdbcClient.create(dataSource);
    this.apps = apps;
    this.clock = Clock.systemUTC();
  }

  @GetMapping("/api/apps/{namespace}/{app}/changes/per-day")
  List<DayCount> perDay(
      @PathVariable String namespace,
      @PathVariable String app,
      @RequestParam(defaultValue = "30") String days) {
    var window = days(days);
    apps.require(namespace, app);
    var today = LocalDate.now(clock);
    var from = today.minusDays(window - 1L).atStartOfDay().toInstant(ZoneOffset.UTC);
    Map<Key, Integer> counts = new TreeMap<>();
    jdbc.sql(
            "SELECT started_at, change_trigger, successful FROM app_change"
                + " WHERE app_id = ? AND started_at >= ?")
        .params(ResourceIds.appId(namespace, app), Timestamp.from(from))
        .query(
            rs -> {
              var day = rs.getTimestamp(1).toInstant().atZone(ZoneOffset.UTC).toLocalDate();
              var successful = rs.getBoolean(3);
              var key = new Key(day, rs.getString(2), rs.wasNull() ? null : successful);
              counts.merge(key, 1, Integer::sum);
            });
    return counts.entrySet().stream()
        .map(
            e ->
                new DayCount(
                    e.getKey().day(), e.getKey().trigger(), e.getKey().successful(), e.getValue()))
        .toList();
  }

  private static int days(String value) {
    try {
      var days = Integer.parseInt(value.trim());
      if (days >= 1 && days <= 366) {
        return days;
      }
    } catch (NumberFormatException e) {
      // answered below
    }
    throw new BadParameterException("days", "a whole number from 1 to 366", value);
  }
}
