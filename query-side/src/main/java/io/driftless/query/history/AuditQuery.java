package io.driftless.query.history;

import io.driftless.events.AppId;
import io.driftless.events.ChangeIds;
import io.driftless.events.ChangeTrigger;
import io.driftless.query.api.BadParameterException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The parameters of {@code GET /api/changes} (the audit log), parsed: each filter present or empty,
 * the page size and the cursor. A value that does not parse is {@code 400 bad_parameter} naming the
 * parameter. Parameters it does not know are ignored, as the other queries do.
 *
 * @param actor the change's actor, exactly
 * @param trigger a {@link ChangeTrigger} by its wire name
 * @param successful {@code true} or {@code false} (a change still running is neither)
 * @param since changes started at or after it
 * @param until changes started before it
 * @param app {@code namespace/app}
 * @param meta {@code meta.<key>=<value>}: the change's meta holds each pair, by key
 * @param limit rows per page, 1 to {@link ChangeSummary#MAX_LIMIT}, default 50
 * @param before the cursor: only changes after it in the log's order (newest first)
 */
record AuditQuery(
    Optional<String> actor,
    Optional<ChangeTrigger> trigger,
    Optional<Boolean> successful,
    Optional<Instant> since,
    Optional<Instant> until,
    Optional<AppId> app,
    Map<String, String> meta,
    int limit,
    Optional<Cursor> before) {

  static final int DEFAULT_LIMIT = 50;

  private static final String META = "meta.";
  private static final Pattern META_KEY = Pattern.compile("[a-z0-9]([a-z0-9._-]{0,61}[a-z0-9])?");
  private static final String TRIGGERS =
      Arrays.stream(ChangeTrigger.values())
          .map(ChangeTrigger::wireName)
          .collect(Collectors.joining(", ", "one of ", ""));

  /**
   * The log's order is by {@code startedAt}, then {@code app}, then change number, all descending:
   * a total order (an app's change numbers are unique), so a page that starts after the last row of
   * the page before neither repeats nor skips a change, whatever is recorded meanwhile. Written
   * {@code <startedAt>,<namespace>/<app>,<changeId>}: the last row's {@code startedAt}, {@code app}
   * and {@code changeId}, e.g. {@code 2026-11-27T10:15:30.123Z,shop/web,web-change-000007}.
   */
  record Cursor(Instant startedAt, String appId, long changeNumber) {

    static final String FORM =
        "<startedAt>,<namespace>/<app>,<changeId> of the last row of the page before";

    static Cursor parse(String value) {
      var parts = value.split(",", -1);
      if (parts.length == 3) {
        var app = AppId.tryParse(parts[1].trim()).filter(AppId::hasDnsLabels);
        var number = ChangeIds.parse(parts[2].trim());
        try {
          var at = Instant.parse(parts[0].trim());
          if (app.isPresent() && number.isPresent()) {
            return new Cursor(at, app.get().toString(), number.getAsLong());
          }
        } catch (DateTimeParseException e) {
          // answered below
        }
      }
      throw new BadParameterException("before", FORM, value);
    }
  }

  /** Parses the request's parameters (each name with its values). */
  static AuditQuery parse(Map<String, List<String>> parameters) {
    var meta = new TreeMap<String, String>();
    parameters.forEach(
        (name, values) -> {
          if (name.startsWith(META)) {
            var key = name.substring(META.length());
            var value = single(name, values);
            if (!META_KEY.matcher(key).matches()) {
              throw new BadParameterException(
                  name,
                  "meta.<key> with a key of lower-case letters, digits, '.', '_' and '-'",
                  value);
            }
            if (value.length() > HistoryProjection.MAX_META_VALUE) {
              throw new BadParameterException(
                  name, "at most " + HistoryProjection.MAX_META_VALUE + " characters", value);
            }
            meta.put(key, value);
          }
        });
    return new AuditQuery(
        text(parameters, "actor"),
        text(parameters, "trigger").map(AuditQuery::trigger),
        text(parameters, "successful").map(AuditQuery::successful),
        text(parameters, "since").map(v -> instant("since", v)),
        text(parameters, "until").map(v -> instant("until", v)),
        text(parameters, "app").map(AuditQuery::app),
        meta,
        text(parameters, "limit").map(HistoryController::limit).orElse(DEFAULT_LIMIT),
        text(parameters, "before").map(Cursor::parse));
  }

  private static Optional<String> text(Map<String, List<String>> parameters, String name) {
    var values = parameters.get(name);
    if (values == null) {
      return Optional.empty();
    }
    var value = single(name, values);
    if (value.isBlank()) {
      throw new BadParameterException(name, "not blank", value);
    }
    return Optional.of(value);
  }

  private static String single(String name, List<String> values) {
    if (values.size() != 1) {
      throw new BadParameterException(name, "given once", String.join(",", values));
    }
    return values.get(0) == null ? "" : values.get(0);
  }

  private static ChangeTrigger trigger(String value) {
    return Arrays.stream(ChangeTrigger.values())
        .filter(t -> t.wireName().equals(value))
        .findFirst()
        .orElseThrow(() -> new BadParameterException("trigger", TRIGGERS, value));
  }

  private static boolean successful(String value) {
    return switch (value) {
      case "true" -> true;
      case "false" -> false;
      default -> throw new BadParameterException("successful", "true or false", value);
    };
  }

  private static Instant instant(String name, String value) {
    try {
      return Instant.parse(value);
    } catch (DateTimeParseException e) {
      throw new BadParameterException(
          name, "an ISO-8601 instant such as 2026-11-27T10:00:00Z", value);
    }
  }

  private static AppId app(String value) {
    return AppId.tryParse(value)
        .filter(AppId::hasDnsLabels)
        .orElseThrow(() -> new BadParameterException("app", "<namespace>/<app>", value));
  }
}
