package io.driftless.query.subscription;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import io.driftless.query.api.BadParameterException;
import io.driftless.query.api.NotFoundException;
import io.driftless.query.projection.Json;
import java.net.URI;
import java.security.Principal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /api/subscriptions}: webhook subscriptions and their deliveries (docs/API.md, "Events out:
 * subscriptions (webhooks)"). The whole path is for the {@code admin} role (web-security's access
 * rules): a subscription's URL may carry credentials of its own.
 */
@RestController
class SubscriptionsController {

  private static final int MAX_LIMIT = 1000;

  private final SubscriptionStore store;
  private final Deliveries deliveries;
  private final DeliveryDispatcher dispatcher;

  SubscriptionsController(
      SubscriptionStore store, Deliveries deliveries, DeliveryDispatcher dispatcher) {
    this.store = store;
    this.deliveries = deliveries;
    this.dispatcher = dispatcher;
  }

  /**
   * A subscription with its backlog.
   *
   * @param backlog its deliveries by status, and the age of the oldest one still to be sent
   */
  record SubscriptionStatus(
      String id,
      String url,
      List<String> types,
      List<String> apps,
      Instant createdAt,
      String createdBy,
      Backlog backlog) {

    static SubscriptionStatus of(Subscription s, Backlog backlog) {
      return new SubscriptionStatus(
          s.id(), s.url(), s.types(), s.apps(), s.createdAt(), s.createdBy(), backlog);
    }
  }

  @PostMapping("/api/subscriptions")
  ResponseEntity<SubscriptionStatus> create(
      @RequestBody(required = false) String body, Principal principal) {
    var created = store.create(parse(body), principal == null ? null : principal.getName());
    return ResponseEntity.created(URI.create("/api/subscriptions/" + created.id()))
        .body(SubscriptionStatus.of(created, Backlog.EMPTY));
  }

  private static SubscriptionRequest parse(String body) {
    if (body == null || body.isBlank()) {
      throw new BadParameterException("body", "a JSON object with url, types, apps, secret", "");
    }
    try {
      return Json.mapper()
          .copy()
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .readValue(body, SubscriptionRequest.class);
    } catch (JsonProcessingException e) {
      throw new BadParameterException(
          "body", "a JSON object with url, types (a list), apps (a list), secret", "<unreadable>");
    }
  }

  @GetMapping("/api/subscriptions")
  List<SubscriptionStatus> list() {
    var backlogs = store.backlogs();
    return store.list().stream()
        .map(s -> SubscriptionStatus.of(s, backlogs.getOrDefault(s.id(), Backlog.EMPTY)))
        .toList();
  }

  @GetMapping("/api/subscriptions/{id}")
  SubscriptionStatus one(@PathVariable String id) {
    var subscription = found(id);
    return SubscriptionStatus.of(subscription, store.backlogs().getOrDefault(id, Backlog.EMPTY));
  }

  @DeleteMapping("/api/subscriptions/{id}")
  ResponseEntity<Void> delete(@PathVariable String id) {
    if (!store.delete(id)) {
      throw notFound(id);
    }
    return ResponseEntity.noContent().build();
  }

  @GetMapping("/api/subscriptions/{id}/deliveries")
  List<DeliveryRow> deliveries(
      @PathVariable String id,
      @RequestParam(required = false) String status,
      @RequestParam(required = false) String limit) {
    found(id);
    if (status != null && !DeliveryStatus.all().contains(status)) {
      throw new BadParameterException("status", "one of " + DeliveryStatus.all(), status);
    }
    return deliveries.list(id, status, limit(limit));
  }

  private static int limit(String limit) {
    if (limit == null) {
      return 100;
    }
    try {
      var value = Integer.parseInt(limit);
      if (value >= 1 && value <= MAX_LIMIT) {
        return value;
      }
    } catch (NumberFormatException e) {
      // answered below
    }
    throw new BadParameterException("limit", "a whole number from 1 to " + MAX_LIMIT, limit);
  }

  @PostMapping("/api/subscriptions/{id}/deliveries/{deliveryId}/redeliver")
  ResponseEntity<Map<String, Object>> redeliver(
      @PathVariable String id, @PathVariable String deliveryId) {
    found(id);
    long delivery;
    try {
      delivery = Long.parseLong(deliveryId);
    } catch (NumberFormatException e) {
      throw new BadParameterException("deliveryId", "a delivery's id (a number)", deliveryId);
    }
    if (!deliveries.redeliver(id, delivery)) {
      throw new NotFoundException("subscription " + id + " has no delivery " + deliveryId);
    }
    dispatcher.wake();
    return ResponseEntity.accepted().body(Map.of("id", delivery, "status", "pending"));
  }

  private Subscription found(String id) {
    return store.find(id).orElseThrow(() -> notFound(id));
  }

  private static NotFoundException notFound(String id) {
    return new NotFoundException("no subscription " + id);
  }
}
