package io.driftless.query.history;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.events.AppChangeStarted;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.DriftlessEvent;
import io.driftless.events.EventEnvelope;
import io.driftless.events.OpCounts;
import io.driftless.events.ResourceCreated;
import io.driftless.events.ResourceDeleted;
import io.driftless.events.ResourceIds;
import io.driftless.events.ResourceRef;
import io.driftless.events.WaitCounts;
import io.driftless.query.projection.ProjectionApplier;
import io.driftless.query.support.Http;
import io.driftless.query.support.LocalServices;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A change's detail lists its resources in the order the command side applied them, whatever order
 * their events reached the views in, and whatever their kinds, names and ops: also two applies
 * within one millisecond.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ChangeDetailOrderIT {

  private static final String APP = "team-c/ordered";
  private static final String CHANGE = "ordered-change-000002";
  private static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");

  @DynamicPropertySource
  static void database(DynamicPropertyRegistry registry) {
    registry.add("spring.datasource.url", () -> LocalServices.freshDatabase("driftless_order_it"));
    registry.add("spring.datasource.username", LocalServices::jdbcUser);
    registry.add("spring.datasource.password", LocalServices::jdbcPassword);
  }

  @LocalServerPort int port;
  @Autowired ProjectionApplier applier;

  @Test
  void resourcesComeInApplyOrder() {
    var namespace = new ResourceRef("v1", "Namespace", "", "b-ns");
    var config = new ResourceRef("v1", "ConfigMap", "b-ns", "z-config");
    var deployment = new ResourceRef("apps/v1", "Deployment", "b-ns", "a-deploy");
    var service = new ResourceRef("v1", "Service", "b-ns", "m-svc");
    store(started(), 0);
    store(created(service, "ordered-change-000001", T0), 0);
    // Applied in this order, the first three within one millisecond; they arrive shuffled.
    var events = new ArrayList<EventEnvelope>();
    events.add(envelope(created(deployment, CHANGE, T0.plusNanos(3_000)), 0));
    events.add(
        envelope(new ResourceDeleted(id(service), APP, CHANGE, service, T0.plusMillis(1)), 1));
    events.add(envelope(created(namespace, CHANGE, T0.plusNanos(1_000)), 0));
    events.add(envelope(created(config, CHANGE, T0.plusNanos(2_000)), 0));
    applier.applyAll(events.subList(0, 2));
    applier.applyAll(events.subList(2, 4));

    var detail = new Http(port).json("/api/apps/" + APP + "/changes/" + CHANGE);
    var order = new ArrayList<String>();
    detail
        .get("changes")
        .forEach(c -> order.add(c.get("op").asText() + " " + c.get("kind").asText()));
    assertThat(order)
        .containsExactly(
            "create Namespace", "create ConfigMap", "create Deployment", "delete Service");
  }

  private void store(DriftlessEvent event, long sequence) {
    applier.apply(envelope(event, sequence));
  }

  private static EventEnvelope envelope(DriftlessEvent event, long sequence) {
    return EventEnvelope.of(UUID.randomUUID().toString(), sequence, T0, event);
  }

  private static AppChangeStarted started() {
    return new AppChangeStarted(
        APP,
        CHANGE,
        2,
        ChangeTrigger.DEPLOY,
        T0,
        List.of("b-ns"),
        Map.of(),
        OpCounts.none(),
        WaitCounts.none(),
        "update: ordered");
  }

  private static ResourceCreated created(ResourceRef ref, String changeId, Instant at) {
    return new ResourceCreated(
        id(ref), APP, changeId, ref, Map.of(), "sha256:x", "1", 1, List.of(), at);
  }

  private static String id(ResourceRef ref) {
    return ResourceIds.resourceId(APP, ref);
  }
}
