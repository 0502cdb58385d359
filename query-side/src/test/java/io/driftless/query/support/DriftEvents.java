package io.driftless.query.support;

import io.driftless.events.AppChangeFinished;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.DriftlessEvent;
import io.driftless.events.EventEnvelope;
import io.driftless.events.FieldChange;
import io.driftless.events.GhostDiffDetected;
import io.driftless.events.GhostDiffYielded;
import io.driftless.events.OpCounts;
import io.driftless.events.ResourceApplyFailed;
import io.driftless.events.ResourceCreated;
import io.driftless.events.ResourceIds;
import io.driftless.events.ResourceRef;
import io.driftless.events.ResourceUpdated;
import io.driftless.events.WaitCounts;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The story of one app with drift, as the command side records it (issue 12): change 1 deploys five
 * objects; reconcile 2 puts back the ConfigMap {@code cfg} and the Deployment's replicas; reconcile
 * 3 puts them back again and reports the ghost diff of {@code spec.replicas} (policy {@code yield})
 * and one of the Secret's {@code data.token} (policy {@code report}); reconcile 4 yields the
 * replicas and fails to restore the ConfigMap {@code broken}. Expected drift: {@code web} yielded,
 * {@code cfg} corrected, {@code token} ghost-diff, {@code broken} failed, {@code svc} in sync.
 */
public final class DriftEvents {

  public static final String APP = "team-a/shop";
  public static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");
  public static final ResourceRef WEB = new ResourceRef("apps/v1", "Deployment", "team-a", "web");
  public static final ResourceRef CFG = new ResourceRef("v1", "ConfigMap", "team-a", "cfg");
  public static final ResourceRef SVC = new ResourceRef("v1", "Service", "team-a", "svc");
  public static final ResourceRef TOKEN = new ResourceRef("v1", "Secret", "team-a", "token");
  public static final ResourceRef BROKEN = new ResourceRef("v1", "ConfigMap", "team-a", "broken");

  private final List<EventEnvelope> events = new ArrayList<>();
  private final Map<String, Long> sequences = new HashMap<>();

  private DriftEvents() {}

  /** The story's events in store order (each aggregate's in sequence order). */
  public static List<EventEnvelope> story() {
    var story = new DriftEvents();
    story.change(1, ChangeTrigger.DEPLOY);
    for (var ref : List.of(WEB, CFG, SVC, TOKEN, BROKEN)) {
      story.add(story.created(ref, 1));
    }
    story.finish(1);
    story.change(2, ChangeTrigger.RECONCILE);
    story.add(story.updated(WEB, 2));
    story.add(story.updated(CFG, 2));
    story.finish(2);
    story.change(3, ChangeTrigger.RECONCILE);
    story.add(story.updated(WEB, 3));
    story.add(story.updated(CFG, 3));
    story.add(story.ghost(WEB, 3, "spec.replicas", 2, 5, "yield"));
    story.add(story.ghost(TOKEN, 3, "data.token", "sha256:desired", "sha256:live", "report"));
    story.finish(3);
    story.change(4, ChangeTrigger.RECONCILE);
    story.add(
        new GhostDiffYielded(
            id(WEB), APP, changeId(4), WEB, "spec.replicas", 5, at(4).plusMillis(10)));
    story.add(
        new ResourceApplyFailed(
            id(BROKEN), APP, changeId(4), BROKEN, "update", "refused", at(4).plusMillis(20)));
    story.finish(4);
    return List.copyOf(story.events);
  }

  public static String changeId(long n) {
    return String.format("shop-change-%06d", n);
  }

  public static String id(ResourceRef ref) {
    return ResourceIds.resourceId(APP, ref);
  }

  public static Instant at(long change) {
    return T0.plusSeconds(change * 60);
  }

  private void add(DriftlessEvent event) {
    var sequence = sequences.merge(event.aggregateId(), 1L, Long::sum) - 1;
    events.add(EventEnvelope.of(UUID.randomUUID().toString(), sequence, T0, event));
  }

  private void change(long n, ChangeTrigger trigger) {
    add(
        new AppChangeStarted(
            APP,
            changeId(n),
            n,
            trigger,
            at(n),
            List.of("team-a"),
            Map.of(),
            OpCounts.none(),
            WaitCounts.none(),
            "update: change " + n));
  }

  private void finish(long n) {
    add(
        new AppChangeFinished(
            APP,
            changeId(n),
            n != 4,
            "update: change " + n + " done",
            OpCounts.none(),
            WaitCounts.none(),
            at(n).plusSeconds(1),
            n == 4 ? "refused" : null));
  }

  private ResourceCreated created(ResourceRef ref, long n) {
    return new ResourceCreated(
        id(ref),
        APP,
        changeId(n),
        ref,
        Map.of(),
        "sha256:" + ref.name(),
        "1",
        1,
        List.of(new FieldChange("metadata.name", null, ref.name(), "desired")),
        at(n));
  }

  private ResourceUpdated updated(ResourceRef ref, long n) {
    return new ResourceUpdated(
        id(ref),
        APP,
        changeId(n),
        ref,
        Map.of(),
        "sha256:" + ref.name() + n,
        Long.toString(n),
        n,
        List.of(new FieldChange("spec.replicas", 5, 2, "desired")),
        at(n).plusMillis(1));
  }

  private GhostDiffDetected ghost(
      ResourceRef ref, long n, String path, Object desired, Object live, String policy) {
    return new GhostDiffDetected(
        id(ref),
        APP,
        changeId(n),
        ref,
        path,
        desired,
        live,
        2,
        "apiVersion: kapp.k14s.io/v1alpha1\nkind: Config\n",
        policy,
        at(n).plusMillis(5),
        path.equals("spec.replicas") ? "kube-controller-manager" : null);
  }
}
