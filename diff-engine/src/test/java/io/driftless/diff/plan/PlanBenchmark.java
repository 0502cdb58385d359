package io.driftless.diff.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.Fixtures;
import io.driftless.diff.resources.Manifest;
import io.driftless.diff.resources.Resource;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.diff.text.SecretRedaction;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;

/**
 * Times the plan of a no-op redeploy: cf-for-k8s repeated N times (names suffixed {@code -c<i>}),
 * with last-applied objects and live objects carrying server defaults, three-way against live (the
 * slower mode). Prints the median of 10 runs after 5 warm-up runs, per size. Run: see the module
 * README.
 */
public final class PlanBenchmark {

  private PlanBenchmark() {}

  public static void main(String[] args) {
    int[] copies =
        args.length == 0
            ? new int[] {4, 40}
            : Arrays.stream(args).mapToInt(Integer::parseInt).toArray();
    Manifest cf = Fixtures.manifest("manifests/cf-for-k8s-v0.2.0.yml");
    var engine = new DiffEngine();
    for (int n : copies) {
      PlanInput input = noopRedeploy(engine, cf, n);
      long[] times = new long[10];
      for (int i = 0; i < 15; i++) {
        long start = System.nanoTime();
        ChangeSet plan = engine.plan(input);
        long took = System.nanoTime() - start;
        if (plan.hasChanges()) {
          throw new IllegalStateException("not a noop redeploy: " + plan.summary());
        }
        if (i >= 5) {
          times[i - 5] = took;
        }
      }
      Arrays.sort(times);
      System.out.printf(
          "no-op redeploy of %d resources: median %.1f ms (min %.1f, max %.1f)%n",
          input.desired().size(), times[5] / 1e6, times[0] / 1e6, times[9] / 1e6);
    }
  }

  private static PlanInput noopRedeploy(DiffEngine engine, Manifest cf, int copies) {
    var resources = new ArrayList<Resource>();
    for (int c = 0; c < copies; c++) {
      for (Resource r : cf.resources()) {
        ObjectNode copy = r.object().deepCopy();
        String name = r.key().name() + "-c" + c;
        copy.with("metadata").put("name", name);
        ResourceKey key = r.key();
        resources.add(
            new Resource(
                new ResourceKey(key.group(), key.kind(), key.namespace(), name),
                r.apiVersion(),
                copy));
      }
    }
    var first = engine.plan(PlanInput.fresh(resources).withConfigs(cf.configs()));
    var defaults = new ServerDefaults();
    Map<ResourceKey, ObjectNode> lastApplied = new LinkedHashMap<>();
    Map<ResourceKey, ObjectNode> live = new LinkedHashMap<>();
    for (Change change : first.changes()) {
      lastApplied.put(
          change.key(), SecretRedaction.redact(change.intended(), engine.fingerprint()));
      live.put(change.key(), defaults.live(change.applied()));
    }
    return new PlanInput(resources, lastApplied, live, new LinkedHashSet<>(live.keySet()))
        .withConfigs(cf.configs());
  }
}
