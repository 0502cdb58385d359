package io.driftless.query.subscription;

import io.driftless.events.AppId;
import io.driftless.events.SealedObject;
import io.driftless.query.api.BadParameterException;
import io.driftless.query.api.ConflictException;
import io.driftless.query.projection.ViewTimes;
import java.net.URI;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * {@code event_subscription}: creates (checked), lists, finds and deletes subscriptions, and opens
 * a subscription's secret for the dispatcher. Deleting a subscription deletes its deliveries.
 */
public final class SubscriptionStore {

  static final int MIN_SECRET = 16;
  static final int MAX_SECRET = 1024;

  private final JdbcClient jdbc;
  private final TargetCheck targets;
  private final Optional<SecretSeal> seal;

  public SubscriptionStore(
      JdbcClient jdbc, SubscriptionSettings settings, Optional<SecretSeal> seal) {
    this.jdbc = jdbc;
    this.targets = new TargetCheck(settings);
    this.seal = seal;
  }

  /**
   * Checks and stores a subscription.
   *
   * @throws BadParameterException naming the first field that is not acceptable
   * @throws ConflictException {@code no_secret_key} when this process has no key to seal with
   */
  public Subscription create(SubscriptionRequest request, String actor) {
    if (request == null) {
      throw new BadParameterException("body", "a JSON object with url, types, apps, secret", "");
    }
    var url = targets.check(request.url());
    var types = checkTypes(request.types());
    var apps = checkApps(request.apps());
    var secret = request.secret();
    if (secret == null || secret.length() < MIN_SECRET || secret.length() > MAX_SECRET) {
      throw new BadParameterException(
          "secret",
          "a string of " + MIN_SECRET + " to " + MAX_SECRET + " characters",
          secret == null ? "" : "<" + secret.length() + " characters>");
    }
    var sealer =
        seal.orElseThrow(
            () ->
                new ConflictException(
                    "no_secret_key",
                    "no key to seal the secret with: set driftless.secrets.key (env"
                        + " DRIFTLESS_SECRETS_KEY), as on the command side"));
    var id = UUID.randomUUID().toString();
    var sealed = sealer.seal(id, secret);
    var now = Instant.now();
    jdbc.sql(
            "INSERT INTO event_subscription (id, url, types, apps, secret_key_id, secret_nonce,"
                + " secret_sealed, created_at, created_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
        .params(
            id,
            url.toString(),
            String.join(",", types),
            String.join(",", apps),
            sealed.keyId(),
            sealed.nonce(),
            sealed.ciphertext(),
            ViewTimes.millis(now),
            actor)
        .update();
    return find(id).orElseThrow();
  }

  private static List<String> checkTypes(List<String> types) {
    var accepted = EventTypes.accepted();
    if (types == null || types.isEmpty()) {
      throw new BadParameterException("types", "a list of " + accepted, "[]");
    }
    for (var type : types) {
      if (type == null || !accepted.contains(type)) {
        throw new BadParameterException("types", "names from " + accepted, String.valueOf(type));
      }
    }
    return types.stream().distinct().toList();
  }

  private static List<String> checkApps(List<String> apps) {
    if (apps == null || apps.isEmpty()) {
      throw new BadParameterException("apps", "a list of namespace/app names or [\"*\"]", "[]");
    }
    for (var app : apps) {
      var ok =
          EventTypes.ALL.equals(app) || AppId.tryParse(app).map(AppId::hasDnsLabels).orElse(false);
      if (!ok) {
        throw new BadParameterException(
            "apps", "namespace/app names (DNS labels) or \"*\"", String.valueOf(app));
      }
    }
    var joined = String.join(",", apps);
    if (joined.length() > 60_000) {
      throw new BadParameterException("apps", "at most 60,000 characters", "<too long>");
    }
    return apps.stream().distinct().toList();
  }

  /** Every subscription, oldest first (in the caller's transaction when it has one). */
  public static List<Subscription> all(JdbcClient jdbc) {
    return jdbc.sql(
            "SELECT id, url, types, apps, created_at, created_by FROM event_subscription"
                + " ORDER BY created_at, id")
        .query((rs, row) -> subscription(rs))
        .list();
  }

  /** Every subscription, oldest first. */
  public List<Subscription> list() {
    return all(jdbc);
  }

  /** One subscription. */
  public Optional<Subscription> find(String id) {
    return jdbc.sql(
            "SELECT id, url, types, apps, created_at, created_by FROM event_subscription"
                + " WHERE id = ?")
        .param(id)
        .query((rs, row) -> subscription(rs))
        .optional();
  }

  /** Deletes a subscription and its deliveries; false if there was none. */
  public boolean delete(String id) {
    jdbc.sql("DELETE FROM event_delivery WHERE subscription_id = ?").param(id).update();
    return jdbc.sql("DELETE FROM event_subscription WHERE id = ?").param(id).update() == 1;
  }

  /** Where and with which secret to send a subscription's deliveries. */
  Optional<Target> target(String id) {
    return jdbc.sql(
            "SELECT url, secret_key_id, secret_nonce, secret_sealed FROM event_subscription"
                + " WHERE id = ?")
        .param(id)
        .query(
            (rs, row) ->
                new Target(
                    id,
                    URI.create(rs.getString(1)),
                    new SealedObject(rs.getString(2), rs.getString(3), rs.getString(4))))
        .optional();
  }

  /** Opens a target's secret. */
  String secret(Target target) {
    return seal.orElseThrow(() -> new IllegalStateException("no key to open secrets with"))
        .open(target.subscriptionId(), target.sealed());
  }

  /** A subscription's url and sealed secret. */
  record Target(String subscriptionId, URI url, SealedObject sealed) {}

  /** Per subscription id, its deliveries by status and its oldest pending one. */
  public Map<String, Backlog> backlogs() {
    var counts = new HashMap<String, long[]>();
    var oldest = new HashMap<String, Instant>();
    jdbc.sql(
            "SELECT subscription_id, status, COUNT(*), MIN(created_at) FROM event_delivery"
                + " GROUP BY subscription_id, status")
        .query(
            rs -> {
              var id = rs.getString(1);
              var status = rs.getString(2);
              var slot = Arrays.asList(DeliveryStatus.NAMES).indexOf(status);
              if (slot >= 0) {
                counts.computeIfAbsent(id, k -> new long[4])[slot] = rs.getLong(3);
              }
              if (DeliveryStatus.open(status)) {
                var at = rs.getTimestamp(4).toInstant();
                oldest.merge(id, at, (a, b) -> a.isBefore(b) ? a : b);
              }
            });
    var now = Instant.now();
    var backlogs = new HashMap<String, Backlog>();
    counts.forEach(
        (id, c) -> {
          var at = oldest.get(id);
          var age = at == null ? 0 : Math.max(0, now.toEpochMilli() - at.toEpochMilli());
          backlogs.put(id, new Backlog(c[0], c[1], c[2], c[3], at, age));
        });
    return backlogs;
  }

  private static Subscription subscription(ResultSet rs) throws SQLException {
    return new Subscription(
        rs.getString(1),
        rs.getString(2),
        split(rs.getString(3)),
        split(rs.getString(4)),
        rs.getTimestamp(5).toInstant(),
        rs.getString(6));
  }

  private static List<String> split(String joined) {
    return joined.isEmpty() ? List.of() : List.of(joined.split(","));
  }
}
