package io.driftless.query.travel;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.config.KappConfig;
import io.driftless.diff.plan.Change;
import io.driftless.diff.plan.ChangeOp;
import io.driftless.diff.plan.ChangeSet;
import io.driftless.diff.plan.DiffEngine;
import io.driftless.diff.plan.DiffInput;
import io.driftless.diff.plan.FieldChange;
import io.driftless.diff.plan.WaitOp;
import io.driftless.diff.report.ChangeDiff;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.diff.text.SecretMask;
import io.driftless.query.projection.Json;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The compare of two desired sets, planned by the diff engine the command side deploys with, as if
 * the first were live and the second deployed: per object a create (only in {@code to}), a delete
 * (only in {@code from}) or an update or noop (in both, compared against the first as last-applied
 * and live, so kapp's rebase rules and normalisation decide as in a deploy). The answer has the
 * deploy response's {@code description}, {@code ops}, {@code wait} and {@code changes}
 * (docs/API.md, "Time travel"). Secret values show only as {@code <-- value not shown (#N)}: the
 * recorded objects hold keyed fingerprints, and the engine compares those, so equal numbers mean
 * equal values.
 *
 * <p>Limits: the plan knows no live cluster, so a change's {@code waitTo} is what the annotations
 * say and objects are listed by kind, namespace and name rather than in apply order; versioned
 * resources ({@code kapp.k14s.io/versioned}) compare by their recorded names.
 */
final class Comparison {

  private static final DiffEngine ENGINE = new DiffEngine(KappConfig.defaults());
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private Comparison() {}

  /** The answer: the deploy response's shape, with the two changes compared. */
  record CompareAnswer(
      String app,
      String from,
      String to,
      String description,
      Map<String, Integer> ops,
      @JsonProperty("wait") Map<String, Integer> waits,
      List<ChangeView> changes) {}

  /** One change, as in the deploy response; {@code diff} only with {@code diffChanges=true}. */
  record ChangeView(
      String namespace,
      String name,
      String kind,
      String apiVersion,
      String op,
      String opStrategy,
      String waitTo,
      List<FieldView> fields,
      @JsonInclude(JsonInclude.Include.NON_NULL) String diff) {}

  /** One changed field; from and to are plain JSON values. */
  record FieldView(String path, Object from, Object to, String decidedBy) {}

  static CompareAnswer of(
      String appId,
      AsOf from,
      AsOf to,
      List<StoredObject> before,
      List<StoredObject> after,
      Integer diffContext) {
    var old = byId(before);
    var wanted = byId(after);
    var ids = new TreeMap<String, StoredObject>(old);
    ids.putAll(wanted);
    var planned = new ArrayList<Change>();
    ids.forEach((id, any) -> planned.add(plan(any, old.get(id), wanted.get(id))));
    var set = new ChangeSet(planned);
    var views =
        set.shown().stream()
            .sorted(
                java.util.Comparator.comparing((Change c) -> c.key().kind())
                    .thenComparing(c -> c.key().namespace())
                    .thenComparing(c -> c.key().name()))
            .map(c -> view(c, diffContext))
            .toList();
    return new CompareAnswer(
        appId,
        from.changeId(),
        to.changeId(),
        "update: " + set.summary(),
        ops(set.opCounts()),
        waits(set.waitCounts()),
        views);
  }

  private static Map<String, StoredObject> byId(List<StoredObject> objects) {
    var map = new TreeMap<String, StoredObject>();
    objects.forEach(o -> map.put(o.resourceId(), o));
    return map;
  }

  private static Change plan(StoredObject any, StoredObject old, StoredObject wanted) {
    var key =
        new ResourceKey(
            ResourceKey.groupOf(any.apiVersion()),
            any.kind(),
            any.namespace() == null ? "" : any.namespace(),
            any.name());
    ObjectNode live = old == null ? null : Json.mapper().valueToTree(old.content());
    ObjectNode desired = wanted == null ? null : Json.mapper().valueToTree(wanted.content());
    var apiVersion = (wanted != null ? wanted : old).apiVersion();
    return ENGINE.diff(new DiffInput(key, apiVersion, desired, live, live, live != null));
  }

  private static ChangeView view(Change c, Integer diffContext) {
    var secret = "Secret".equals(c.key().kind());
    var numbers = new HashMap<String, Integer>();
    var fields = new ArrayList<FieldView>();
    for (FieldChange f : c.fields()) {
      var masked = secret && valuePath(f.path());
      fields.add(
          new FieldView(
              f.path(),
              plain(masked ? mask(f.from(), numbers) : f.from()),
              plain(masked ? mask(f.to(), numbers) : f.to()),
              f.decidedBy()));
    }
    return new ChangeView(
        c.key().namespace(),
        c.key().name(),
        c.key().kind(),
        c.apiVersion(),
        c.op().wireName(),
        c.opStrategy(),
        c.waitTo().wireName(),
        fields,
        diffContext == null ? null : ChangeDiff.render(c, diffContext, true));
  }

  private static boolean valuePath(String path) {
    return path.equals("data")
        || path.equals("stringData")
        || path.startsWith("data.")
        || path.startsWith("stringData.");
  }

  /** A Secret value (or map of values) with every value numbered, equal values alike. */
  private static JsonNode mask(JsonNode node, Map<String, Integer> numbers) {
    if (node == null || node.isNull()) {
      return node;
    }
    if (node.isObject()) {
      var copy = NODES.objectNode();
      node.properties().forEach(e -> copy.set(e.getKey(), mask(e.getValue(), numbers)));
      return copy;
    }
    var text = node.isTextual() ? node.textValue() : node.toString();
    return NODES.textNode(
        SecretMask.placeholder(numbers.computeIfAbsent(text, k -> numbers.size() + 1)));
  }

  private static Object plain(JsonNode node) {
    return node == null ? null : Json.mapper().convertValue(node, Object.class);
  }

  private static Map<String, Integer> ops(Map<ChangeOp, Integer> counts) {
    var ops = new LinkedHashMap<String, Integer>();
    for (var op :
        new ChangeOp[] {
          ChangeOp.CREATE, ChangeOp.DELETE, ChangeOp.UPDATE, ChangeOp.NOOP, ChangeOp.EXISTS
        }) {
      ops.put(op.wireName(), counts.getOrDefault(op, 0));
    }
    return ops;
  }

  private static Map<String, Integer> waits(Map<WaitOp, Integer> counts) {
    var waits = new LinkedHashMap<String, Integer>();
    for (var op : new WaitOp[] {WaitOp.RECONCILE, WaitOp.DELETE, WaitOp.NOOP}) {
      waits.put(op.wireName(), counts.getOrDefault(op, 0));
    }
    return waits;
  }
}
