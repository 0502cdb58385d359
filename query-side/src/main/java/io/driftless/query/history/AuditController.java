package io.driftless.query.history;

import io.driftless.events.AppId;
import io.driftless.query.projection.ViewTimes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/changes}: the audit log, every app's changes newest first ({@link AuditQuery} for
 * the filters and the cursor). Each page is one index range read in the log's order: {@code
 * ix_app_change_started}, {@code ix_app_change_actor}, {@code ix_app_change_trigger} or {@code
 * ix_app_change_app_started} on {@code app_change}, or, with a meta filter, {@code
 * ix_app_change_meta} on {@code app_change_meta} joined to its changes (migration V140).
 */
@RestController
class AuditController {

  private static final String COLUMNS =
      Arrays.stream(ChangeSummary.COLUMNS.split(","))
          .map(column -> "c." + column.trim())
          .collect(Collectors.joining(", "));

  private final JdbcClient jdbc;

  AuditController(DataSource dataSource) {
    this.jdbc = JdbcClient.create(dataSource);
  }

  /**
   * One row of the audit log: the app's history row ({@link ChangeSummary}) and its app.
   *
   * @param app {@code namespace/app}
   */
  record AuditChange(
      String app,
      String changeId,
      String trigger,
      Instant startedAt,
      Instant finishedAt,
      Boolean successful,
      String description,
      List<String> namespaces,
      String actor,
      String client,
      String message,
      Map<String, String> meta,
      String rolledBackTo,
      String error) {

    static AuditChange of(String app, ChangeSummary c) {
      return new AuditChange(
          app,
          c.changeId(),
          c.trigger(),
          c.startedAt(),
          c.finishedAt(),
          c.successful(),
          c.description(),
          c.namespaces(),
          c.actor(),
          c.client(),
          c.message(),
          c.meta(),
          c.rolledBackTo(),
          c.error());
    }
  }

  @GetMapping("/api/changes")
  List<AuditChange> changes(@RequestParam MultiValueMap<String, String> parameters) {
    var query = AuditQuery.parse(parameters);
    var sql = new StringBuilder("SELECT c.app_id, ").append(COLUMNS);
    var params = new ArrayList<Object>();
    var where = new ArrayList<String>();
    var meta = new ArrayList<>(query.meta().entrySet());
    // The table whose index gives the order: the first meta pair's rows, else the changes.
    String order;
    if (meta.isEmpty()) {
      sql.append(" FROM app_change c");
      order = "c";
    } else {
      sql.append(
          " FROM app_change_meta m JOIN app_change c"
              + " ON c.app_id = m.app_id AND c.change_number = m.change_number");
      where.add("m.meta_key = ? AND m.meta_value = ?");
      params.add(meta.get(0).getKey());
      params.add(meta.get(0).getValue());
      order = "m";
      for (var pair : meta.subList(1, meta.size())) {
        where.add(
            "EXISTS (SELECT 1 FROM app_change_meta x WHERE x.app_id = c.app_id"
                + " AND x.change_number = c.change_number AND x.meta_key = ? AND x.meta_value = ?)");
        params.add(pair.getKey());
        params.add(pair.getValue());
      }
    }
    query.actor().ifPresent(actor -> add(where, params, "c.actor = ?", actor));
    query.trigger().ifPresent(t -> add(where, params, "c.change_trigger = ?", t.wireName()));
    query.successful().ifPresent(s -> add(where, params, "c.successful = ?", s));
    query.app().map(AppId::toString).ifPresent(app -> add(where, params, "c.app_id = ?", app));
    query
        .since()
        .ifPresent(at -> add(where, params, order + ".started_at >= ?", ViewTimes.millis(at)));
    query
        .until()
        .ifPresent(at -> add(where, params, order + ".started_at < ?", ViewTimes.millis(at)));
    query
        .before()
        .ifPresent(
            cursor -> {
              var at = ViewTimes.millis(cursor.startedAt());
              // Spelled out rather than as a row comparison, which MariaDB reads as no range.
              where.add(
                  String.format(
                      "%1$s.started_at <= ? AND (%1$s.started_at < ? OR %1$s.app_id < ?"
                          + " OR (%1$s.app_id = ? AND %1$s.change_number < ?))",
                      order));
              params.addAll(List.of(at, at, cursor.appId(), cursor.appId(), cursor.changeNumber()));
            });
    if (!where.isEmpty()) {
      sql.append(" WHERE ").append(String.join(" AND ", where));
    }
    sql.append(
        String.format(
            " ORDER BY %1$s.started_at DESC, %1$s.app_id DESC, %1$s.change_number DESC LIMIT ?",
            order));
    params.add(query.limit());
    return jdbc.sql(sql.toString())
        .params(params)
        .query((rs, row) -> AuditChange.of(rs.getString(1), ChangeSummary.read(rs, 2)))
        .list();
  }

  private static void add(List<String> where, List<Object> params, String condition, Object value) {
    where.add(condition);
    params.add(value);
  }
}
