package io.driftless.query.travel;

import io.driftless.events.AppId;
import io.driftless.query.api.BadParameterException;
import io.driftless.query.projection.MultiRow;
import io.driftless.query.projection.ViewTimes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Every object some app owned at a time (now when {@code at} is absent), from the desired view's
 * object versions in force then (read by their spans, {@link SpanTree}): newest {@code since} first
 * (then by object id), at most {@code limit}; a full page names the next one in the header {@code
 * Driftless-Next-Before}, whose value is the {@code before} of the next request. Filters combine
 * with AND; {@code image} matches a container image by prefix, {@code label=k=v} a label exactly.
 */
@RestController
class FleetInventoryController {

  static final int DEFAULT_LIMIT = 1_000;
  static final int MAX_LIMIT = 50_000;
  static final String NEXT = "Driftless-Next-Before";

  private final JdbcClient jdbc;
  private final DesiredSets sets;

  FleetInventoryController(DataSource dataSource, DesiredSets sets) {
    this.jdbc = JdbcClient.create(dataSource);
    this.sets = sets;
  }

  /**
   * One object.
   *
   * @param sinceChangeId the change that applied the object as it stood at the time asked
   * @param since when that apply happened
   */
  record InventoryObject(
      String app,
      String apiVersion,
      String kind,
      String namespace,
      String name,
      List<String> images,
      String sinceChangeId,
      Instant since) {}

  /** The request's parameters, as given. */
  record InventoryRequest(
      String at,
      String kind,
      String namespace,
      String name,
      String image,
      String label,
      String app,
      Integer limit,
      String before) {}

  @GetMapping("/api/inventory")
  ResponseEntity<List<InventoryObject>> inventory(
      @RequestParam(required = false) String at,
      @RequestParam(required = false) String kind,
      @RequestParam(required = false) String namespace,
      @RequestParam(required = false) String name,
      @RequestParam(required = false) String image,
      @RequestParam(required = false) String label,
      @RequestParam(required = false) String app,
      @RequestParam(required = false) Integer limit,
      @RequestParam(required = false) String before) {
    var request = new InventoryRequest(at, kind, namespace, name, image, label, app, limit, before);
    var query = query(request);
    sets.requireBuilt();
    var rows =
        jdbc.sql(query.sql())
            .params(query.params())
            .query(
                (rs, row) ->
                    new Row(
                        rs.getString(1),
                        new InventoryObject(
                            rs.getString(2),
                            rs.getString(3),
                            rs.getString(4),
                            rs.getString(5),
                            rs.getString(6),
                            ObjectFacts.entries(rs.getString(7)),
                            rs.getString(8),
                            rs.getTimestamp(9).toInstant())))
            .list();
    var answer = ResponseEntity.ok();
    if (rows.size() == query.limit()) {
      var last = rows.get(rows.size() - 1);
      answer.header(NEXT, last.object().since() + "~" + last.resourceId());
    }
    return answer.body(rows.stream().map(Row::object).toList());
  }

  private record Row(String resourceId, InventoryObject object) {}

  private record Query(String sql, List<Object> params, int limit) {}

  private static Query query(InventoryRequest request) {
    var where = new StringBuilder();
    var params = new ArrayList<Object>();
    var at =
        request.at() == null
            ? SpanTree.OPEN
            : SpanTree.point(DesiredSets.instant("at", request.at()));
    inForce(where, params, at);
    equal(where, params, "o.kind", request.kind());
    equal(where, params, "o.namespace", request.namespace());
    equal(where, params, "o.name", request.name());
    if (request.app() != null) {
      var app = AppId.tryParse(request.app()).filter(AppId::hasDnsLabels);
      if (app.isEmpty()) {
        throw new BadParameterException("app", "namespace/app (DNS-1123 labels)", request.app());
      }
      equal(where, params, "o.app_id", app.get().toString());
    }
    if (request.image() != null) {
      if (request.image().isBlank() || request.image().contains("\n")) {
        throw new BadParameterException("image", "an image name or its prefix", request.image());
      }
      where.append(" AND o.images LIKE ? ESCAPE '!'");
      params.add("%\n" + like(request.image()) + "%");
    }
    if (request.label() != null) {
      var eq = request.label().indexOf('=');
      if (eq <= 0 || request.label().contains("\n")) {
        throw new BadParameterException("label", "key=value", request.label());
      }
      where.append(" AND o.labels LIKE ? ESCAPE '!'");
      params.add("%\n" + like(request.label()) + "\n%");
    }
    before(where, params, request.before());
    var limit = limit(request.limit());
    var sql =
        "SELECT o.resource_id, o.app_id, o.api_version, o.kind, o.namespace, o.name, o.images,"
            + " o.change_id, o.valid_from FROM desired_span o WHERE "
            + where
            + " ORDER BY o.valid_from DESC, o.resource_id LIMIT "
            + limit;
    return new Query(sql, params, limit);
  }

  /**
   * The versions in force at the point {@code at} ({@link SpanTree#OPEN}: those still in force): of
   * the nodes on its path, those at or left of it by their span's end, those right of it by its
   * start; index ranges of {@code desired_span}'s key, each holding only versions in force then.
   */
  private static void inForce(StringBuilder where, List<Object> params, long at) {
    var path = SpanTree.path(at);
    where
        .append("((o.side = ? AND o.fork_node IN (")
        .append(MultiRow.marks(path.atOrLeft().size()));
    where.append(") AND o.bound >= ?)");
    params.add(SpanTree.BY_UPPER);
    params.addAll(path.atOrLeft());
    params.add(at);
    if (!path.right().isEmpty()) {
      where
          .append(" OR (o.side = ? AND o.fork_node IN (")
          .append(MultiRow.marks(path.right().size()));
      where.append(") AND o.bound <= ?)");
      params.add(SpanTree.BY_LOWER);
      params.addAll(path.right());
      params.add(at);
    }
    where.append(")");
  }

  private static void equal(StringBuilder where, List<Object> params, String column, String v) {
    if (v != null) {
      if (v.isBlank()) {
        throw new BadParameterException(
            column.substring(2).replace("app_id", "app"), "not empty", v);
      }
      where.append(" AND ").append(column).append(" = ?");
      params.add(v);
    }
  }

  /**
   * {@code before}: the header's cursor ({@code <since>~<object id>}: objects after that one in the
   * order) or a plain time (objects applied before it).
   */
  private static void before(StringBuilder where, List<Object> params, String before) {
    if (before == null) {
      return;
    }
    var tilde = before.indexOf('~');
    var time =
        ViewTimes.micros(
            DesiredSets.instant("before", tilde < 0 ? before : before.substring(0, tilde)));
    if (tilde < 0) {
      where.append(" AND o.valid_from < ?");
      params.add(time);
    } else {
      where.append(" AND (o.valid_from < ? OR (o.valid_from = ? AND o.resource_id > ?))");
      params.add(time);
      params.add(time);
      params.add(before.substring(tilde + 1));
    }
  }

  private static int limit(Integer limit) {
    if (limit == null) {
      return DEFAULT_LIMIT;
    }
    if (limit < 1 || limit > MAX_LIMIT) {
      throw new BadParameterException(
          "limit", "a whole number from 1 to " + MAX_LIMIT, Integer.toString(limit));
    }
    return limit;
  }

  /** The text for LIKE with {@code !} escaping its wildcards. */
  private static String like(String text) {
    return text.replace("!", "!!").replace("%", "!%").replace("_", "!_");
  }
}
