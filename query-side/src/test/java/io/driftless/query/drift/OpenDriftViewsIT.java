package io.driftless.query.drift;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import io.driftless.events.AppChangeFinished;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.DriftCorrected;
import io.driftless.events.DriftDetected;
import io.driftless.events.DriftlessEvent;
import io.driftless.events.EventEnvelope;
import io.driftless.events.FieldChange;
import io.driftless.events.OpCounts;
import io.driftless.events.ResourceCreated;
import io.driftless.events.ResourceIds;
import io.driftless.events.ResourceRef;
import io.driftless.events.ResourceUpdated;
import io.driftless.events.WaitCounts;
import io.driftless.query.api.DriftStates;
import io.driftless.query.api.DriftStates.Drift;
import io.driftless.query.inventory.InventoryProjection;
import io.driftless.query.projection.Outcome;
import io.driftless.query.projection.ProjectionApplier;
import io.driftless.query.projection.ViewBuilds;
import io.driftless.query.support.LocalServices;
import io.driftless.query.timeline.TimelineProjection;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.JdbcTransactionManager;

/**
 * Issue 30 point 4 on MariaDB: {@code DriftDetected} opens an object's drift in the drift view
 * ({@code driftSince}, {@code driftChangedBy}, state {@code drifted}), a second detection adds its
 * fields and managers but keeps the start, {@code DriftCorrected} ends it (the reconcile's write
 * reads {@code corrected}, the two fields null again); the timeline lists {@code drift-detected}
 * and {@code drift-corrected} entries with their fields and managers. The same views whether the
 * App's events come first or last, and duplicates change nothing (the version check).
 */
class OpenDriftViewsIT {

  static final String APP = "team-b/shop";
  private static final ResourceRef WEB = new ResourceRef("apps/v1", "Deployment", "team-b", "web");
  private static final String WEB_ID = ResourceIds.resourceId(APP, WEB);
  private static final Instant T0 = Instant.parse("2026-11-27T10:00:00Z");
  private static final String IMAGE = "spec.template.spec.containers[name=web].image";

  private final List<HikariDataSource> dataSources = new ArrayList<>();

  @AfterEach
  void close() {
    dataSources.forEach(HikariDataSource::close);
  }

  private HikariDataSource views() {
    var dataSource = LocalServices.migratedViews("driftless_open_drift_it");
    dataSources.add(dataSource);
    var jdbc = JdbcClient.create(dataSource);
    ViewBuilds.markBuilt(jdbc, DriftProjection.NAME, new DriftProjection().version());
    ViewBuilds.markBuilt(jdbc, TimelineProjection.NAME, new TimelineProjection().version());
    return dataSource;
  }

  private static ProjectionApplier applier(HikariDataSource dataSource) {
    return new ProjectionApplier(
        List.of(new InventoryProjection(), new DriftProjection(), new TimelineProjection()),
        JdbcClient.create(dataSource),
        ProjectionApplier.transactions(new JdbcTransactionManager(dataSource)));
  }

  /** The story: a deploy, two outside edits, the reconcile that puts both back. */
  private static final class Story {
    private final Map<String, Long> sequences = new HashMap<>();
    final List<EventEnvelope> events = new ArrayList<>();

    void add(DriftlessEvent event) {
      var sequence = sequences.merge(event.aggregateId(), 1L, Long::sum) - 1;
      events.add(EventEnvelope.of(UUID.randomUUID().toString(), sequence, T0, event));
    }
  }

  private static String changeId(long n) {
    return String.format("shop-change-%06d", n);
  }

  private static Instant at(long seconds) {
    return T0.plusSeconds(seconds);
  }

  private static final FieldChange IMAGE_EDIT =
      new FieldChange(IMAGE, "nginx:1.28", "nginx:1.27", "desired", "kubectl-edit");
  private static final FieldChange SCALE =
      new FieldChange("spec.replicas", 5, 2, "desired", "kubectl-scale");

  /** Up to the two detections (before the reconcile). */
  static List<EventEnvelope> drifted() {
    var story = new Story();
    story.add(change(1, ChangeTrigger.DEPLOY));
    story.add(
        new ResourceCreated(
            WEB_ID, APP, changeId(1), WEB, Map.of(), "sha256:a", "1", 1, List.of(), at(1)));
    story.add(finish(1));
    story.add(new DriftDetected(WEB_ID, APP, changeId(1), WEB, List.of(IMAGE_EDIT), at(10)));
    story.add(new DriftDetected(WEB_ID, APP, changeId(1), WEB, List.of(SCALE), at(20)));
    return story.events;
  }

  /** The whole story: the reconcile puts both fields back. */
  private static List<EventEnvelope> corrected() {
    var story = new Story();
    drifted().forEach(e -> story.add(e.payload()));
    story.add(change(2, ChangeTrigger.RECONCILE));
    story.add(
        new ResourceUpdated(
            WEB_ID,
            APP,
            changeId(2),
            WEB,
            Map.of(),
            "sha256:a",
            "5",
            2,
            List.of(IMAGE_EDIT, SCALE),
            at(30)));
    story.add(
        new DriftCorrected(WEB_ID, APP, changeId(2), WEB, List.of(IMAGE, "spec.replicas"), at(30)));
    story.add(finish(2));
    return story.events;
  }

  private static AppChangeStarted change(long n, ChangeTrigger trigger) {
    return new AppChangeStarted(
        APP,
        changeId(n),
        n,
        trigger,
        at(n == 1 ? 0 : 29),
        List.of("team-b"),
        Map.of(),
        OpCounts.none(),
        WaitCounts.none(),
        "update: change " + n);
  }

  private static AppChangeFinished finish(long n) {
    return new AppChangeFinished(
        APP,
        changeId(n),
        true,
        "update: change " + n + " done",
        OpCounts.none(),
        WaitCounts.none(),
        at(n == 1 ? 2 : 31),
        null);
  }

  static List<String> timeline(HikariDataSource dataSource) {
    return JdbcClient.create(dataSource)
        .sql(
            "SELECT op, change_id, fields, changed_by FROM resource_timeline"
                + " WHERE resource_id = ? ORDER BY sequence_number")
        .param(WEB_ID)
        .query(
            (rs, row) ->
                rs.getString(1)
                    + "|"
                    + rs.getString(2)
                    + "|"
                    + rs.getString(3)
                    + "|"
                    + rs.getString(4))
        .list();
  }

  @Test
  void aDetectionOpensTheDriftAndALaterOneAddsToItWithoutMovingItsStart() {
    var dataSource = views();
    assertThat(applier(dataSource).applyAll(drifted())).containsOnly(Outcome.APPLIED);

    var states = new DriftStates(dataSource);
    assertThat(states.of(APP))
        .containsEntry(
            WEB_ID,
            new Drift("drifted", changeId(1), at(10), at(10), "kubectl-edit, kubectl-scale"));
    assertThat(states.counts(APP)).isEqualTo(new DriftStates.Counts(1, 1, 0));
    assertThat(timeline(dataSource))
        .containsExactly(
            "create|shop-change-000001|[]|null",
            "drift-detected|shop-change-000001|[{\"path\":\""
                + IMAGE
                + "\",\"from\":\"nginx:1.28\","
                + "\"to\":\"nginx:1.27\",\"decidedBy\":\"desired\",\"changedBy\":\"kubectl-edit\"}]"
                + "|kubectl-edit",
            "drift-detected|shop-change-000001|[{\"path\":\"spec.replicas\",\"from\":5,\"to\":2,"
                + "\"decidedBy\":\"desired\",\"changedBy\":\"kubectl-scale\"}]|kubectl-scale");
  }

  @Test
  void theReconcilesCorrectionEndsTheDrift() {
    var dataSource = views();
    assertThat(applier(dataSource).applyAll(corrected())).containsOnly(Outcome.APPLIED);

    var states = new DriftStates(dataSource);
    assertThat(states.of(APP))
        .containsEntry(WEB_ID, new Drift("corrected", changeId(2), at(29), null, null));
    assertThat(states.counts(APP)).isEqualTo(new DriftStates.Counts(1, 0, 0));
    assertThat(timeline(dataSource))
        .endsWith(
            "update|shop-change-000002|"
                + "[{\"path\":\""
                + IMAGE
                + "\",\"from\":\"nginx:1.28\",\"to\":\"nginx:1.27\",\"decidedBy\":\"desired\","
                + "\"changedBy\":\"kubectl-edit\"},{\"path\":\"spec.replicas\",\"from\":5,\"to\":2,"
                + "\"decidedBy\":\"desired\",\"changedBy\":\"kubectl-scale\"}]|null",
            "drift-corrected|shop-change-000002|[{\"path\":\""
                + IMAGE
                + "\"},{\"path\":\"spec.replicas\"}]|null");
    assertThat(
            JdbcClient.create(dataSource)
                .sql("SELECT COUNT(*) FROM resource_drift")
                .query(Long.class)
                .single())
        .isZero();
  }

  @Test
  void appEventsLastAndDuplicatesGiveTheSameViews() {
    var expected = views();
    applier(expected).applyAll(corrected());

    var late = views();
    var applier = applier(late);
    var story = corrected();
    var resources = story.stream().filter(e -> !e.aggregateType().equals("App")).toList();
    var apps = story.stream().filter(e -> e.aggregateType().equals("App")).toList();
    assertThat(applier.applyAll(resources.subList(0, 3))).containsOnly(Outcome.APPLIED);
    assertThat(applier.applyAll(resources.subList(0, 3))).containsOnly(Outcome.DUPLICATE);
    // Open drift and no trigger known yet: drifted, from the first detection.
    assertThat(new DriftStates(late).of(APP).get(WEB_ID))
        .isEqualTo(
            new Drift("drifted", changeId(1), at(10), at(10), "kubectl-edit, kubectl-scale"));
    assertThat(applier.applyAll(resources.subList(3, resources.size())))
        .containsOnly(Outcome.APPLIED);
    assertThat(applier.applyAll(apps)).containsOnly(Outcome.APPLIED);

    assertThat(new DriftStates(late).of(APP)).isEqualTo(new DriftStates(expected).of(APP));
    assertThat(timeline(late)).isEqualTo(timeline(expected));
  }
}
