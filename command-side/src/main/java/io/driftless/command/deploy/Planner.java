package io.driftless.command.deploy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.app.AppState;
import io.driftless.command.cluster.ClusterGateway;
import io.driftless.command.resource.ResourceState;
import io.driftless.diff.plan.ChangeSet;
import io.driftless.diff.plan.DiffEngine;
import io.driftless.diff.plan.PlanInput;
import io.driftless.diff.resources.Resource;
import io.driftless.diff.resources.ResourceKey;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.stereotype.Component;

/**
 * Gathers what a plan needs (the app's resource set, the last-applied objects, the live objects)
 * and asks the diff engine. Reads only: nothing is written here.
 */
@Component
class Planner {

  private final AggregateStates states;
  private final ClusterGateway cluster;
  private final DiffEngine engine = new DiffEngine();
  private final ObjectMapper mapper = new ObjectMapper();

  Planner(AggregateStates states, ClusterGateway cluster) {
    this.states = states;
    this.cluster = cluster;
  }

  /** Everything known about an app's resources at planning time. */
  record Plan(
      AppState app,
      ChangeSet changes,
      Map<ResourceKey, ObjectNode> live,
      Map<ResourceKey, ResourceState> recorded) {}

  Plan plan(String appId, List<Resource> desired) {
    var app = states.app(appId);
    var previous = new LinkedHashSet<ResourceKey>();
    app.resources().keySet().forEach(id -> previous.add(ResourceKey.parseId(id)));
    var apiVersions = new HashMap<ResourceKey, String>();
    desired.forEach(r -> apiVersions.put(r.key(), r.apiVersion()));
    var recorded = recorded(appId, union(desired, previous));
    recorded.forEach((key, state) -> apiVersions.putIfAbsent(key, state.resource().apiVersion()));
    var lastApplied = new HashMap<ResourceKey, ObjectNode>();
    recorded.forEach(
        (key, state) -> {
          if (state.lastApplied() != null) {
            lastApplied.put(key, mapper.valueToTree(state.lastApplied()));
          }
        });
    var live = live(apiVersions);
    var changes = engine.plan(new PlanInput(desired, lastApplied, live, previous));
    return new Plan(app, changes, live, recorded);
  }

  private Map<ResourceKey, ResourceState> recorded(String appId, Set<ResourceKey> keys) {
    var recorded = new LinkedHashMap<ResourceKey, ResourceState>();
    for (var key : keys) {
      states.resource(resourceId(appId, key)).ifPresent(state -> recorded.put(key, state));
    }
    return recorded;
  }

  private Map<ResourceKey, ObjectNode> live(Map<ResourceKey, String> apiVersions) {
    var live = new HashMap<ResourceKey, ObjectNode>();
    apiVersions.forEach(
        (key, apiVersion) -> cluster.get(key, apiVersion).ifPresent(obj -> live.put(key, obj)));
    return live;
  }

  private static Set<ResourceKey> union(List<Resource> desired, Set<ResourceKey> previous) {
    var all = new LinkedHashSet<ResourceKey>();
    desired.forEach(r -> all.add(r.key()));
    all.addAll(previous);
    return all;
  }

  /** The ResourceChange id; {@link ResourceKey#id()} has the shape {@code ResourceIds} uses. */
  static String resourceId(String appId, ResourceKey key) {
    return appId + "/" + key.id();
  }
}
