package io.driftless.query.subscription;

import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * One webhook subscription as the API shows it: never its secret.
 *
 * @param id its id (a UUID)
 * @param url where deliveries are POSTed
 * @param types the short names it receives ({@code change.finished}, {@code cdevents}, {@code *})
 * @param apps the apps it receives events of ({@code namespace/app}, or {@code *})
 * @param createdAt when it was created
 * @param createdBy who created it (the token's or identity's name)
 */
public record Subscription(
    String id,
    String url,
    List<String> types,
    List<String> apps,
    Instant createdAt,
    String createdBy) {

  public Subscription {
    types = List.copyOf(types);
    apps = List.copyOf(apps);
  }

  /** Whether this subscription receives the event {@code name} of app {@code appId}. */
  boolean wants(String name, String appId) {
    return EventTypes.matches(Set.copyOf(types), name)
        && (apps.contains(EventTypes.ALL) || apps.contains(appId));
  }
}
