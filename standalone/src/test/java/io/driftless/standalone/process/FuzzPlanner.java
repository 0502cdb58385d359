package io.driftless.standalone.process;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Chooses the fuzz test's next action from the seed and what the sandbox holds now: first a kind
 * (by weight), then an app among the deployed ones (so that a small app is hit as often as
 * cert-manager), then a target among the app's objects in path order, then the values. A kind with
 * no possible target (no versioned object, no custom resource) is drawn again. Restarts also come
 * at a third and two thirds of the run, so that even a short run has a {@code kill -9} and a clean
 * one.
 *
 * <p>The same seed makes the same choices from the same state; the state also depends on what the
 * server's own reconciles (periodic and watch-triggered) did in between, so a replay follows the
 * same path only as far as their timing does.
 */
final class FuzzPlanner {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern VERSIONED = Pattern.compile("(.+)-ver-(\\d+)");
  private static final Set<String> NOT_DELETED = Set.of("Namespace", "CustomResourceDefinition");
  private static final Set<String> SCALABLE = Set.of("Deployment", "StatefulSet", "ReplicaSet");

  /** The kinds of action and their weights. */
  private static final Map<String, Integer> WEIGHTS = weights();

  private final Random random;
  private final FuzzRun run;
  private int counter;

  FuzzPlanner(Random random, FuzzRun run) {
    this.random = random;
    this.run = run;
  }

  private static Map<String, Integer> weights() {
    var weights = new LinkedHashMap<String, Integer>();
    weights.put("deploy", 12);
    weights.put("reconcile", 9);
    weights.put("restart", 2);
    weights.put("delete-app", 2);
    weights.put("edit-field", 8);
    weights.put("add-map-key", 5);
    weights.put("remove-map-key", 5);
    weights.put("delete-object", 7);
    weights.put("scale", 5);
    weights.put("change-label", 4);
    weights.put("change-annotation", 4);
    weights.put("edit-newest-version", 7);
    weights.put("delete-newest-version", 6);
    weights.put("delete-custom-resource", 4);
    weights.put("invalid-edit", 6);
    return weights;
  }

  /** The action of step {@code step} of {@code total}. */
  FuzzAction next(int step, int total) {
    if (total >= 6 && step == total / 3) {
      return new Restart(true);
    }
    if (total >= 6 && step == 2 * total / 3) {
      return new Restart(false);
    }
    while (true) {
      var action = plan(drawKind());
      if (action != null) {
        return action;
      }
    }
  }

  private String drawKind() {
    var sum = WEIGHTS.values().stream().mapToInt(Integer::intValue).sum();
    var draw = random.nextInt(sum);
    for (var weight : WEIGHTS.entrySet()) {
      draw -= weight.getValue();
      if (draw < 0) {
        return weight.getKey();
      }
    }
    throw new IllegalStateException();
  }

  private FuzzAction plan(String kind) {
    return switch (kind) {
      case "deploy" -> deploy();
      case "reconcile" -> deployedApp() == null ? null : new Reconcile(deployedApp());
      case "restart" -> new Restart(random.nextBoolean());
      case "delete-app" -> deployedApp() == null ? null : new DeleteApp(deployedApp());
      default -> outsideEdit(kind);
    };
  }

  private FuzzAction deploy() {
    var apps = run.apps();
    var app = apps.get(random.nextInt(apps.size()));
    return new Deploy(app, random.nextInt(app.versions().size()));
  }

  private String deployedApp() {
    var deployed = run.deployed();
    return deployed.isEmpty() ? null : deployed.get(random.nextInt(deployed.size()));
  }

  private FuzzAction outsideEdit(String kind) {
    var app = deployedApp();
    if (app == null) {
      return null;
    }
    var owned = run.sandbox().ownedBy(app);
    return switch (kind) {
      case "edit-field" -> editField(editable(owned));
      case "add-map-key" -> addMapKey(editable(owned));
      case "remove-map-key" -> removeMapKey(editable(owned));
      case "delete-object" ->
          pick(
              owned.stream().filter(o -> !NOT_DELETED.contains(o.kind())).toList(),
              DeleteObject::new);
      case "scale" ->
          pick(
              owned.stream().filter(o -> SCALABLE.contains(o.kind())).toList(),
              o -> new Scale(o, random.nextInt(6)));
      case "change-label" -> changeLabel(owned);
      case "change-annotation" -> changeAnnotation(owned);
      case "edit-newest-version" -> editNewestVersion(newestVersions(owned));
      case "delete-newest-version" -> pick(newestVersions(owned), DeleteNewestVersion::new);
      case "delete-custom-resource" -> pick(customResources(owned), DeleteCustomResource::new);
      case "invalid-edit" -> invalidEdit(owned);
      default -> throw new IllegalArgumentException(kind);
    };
  }

  /** Objects whose fields an operator would edit (a CRD's are left alone). */
  private static List<SandboxObject> editable(List<SandboxObject> owned) {
    return owned.stream().filter(o -> !o.kind().equals("CustomResourceDefinition")).toList();
  }

  private <T> T pick(
      List<SandboxObject> candidates, java.util.function.Function<SandboxObject, T> make) {
    if (candidates.isEmpty()) {
      return null;
    }
    return make.apply(candidates.get(random.nextInt(candidates.size())));
  }

  private <T> T pickOf(List<T> candidates) {
    return candidates.isEmpty() ? null : candidates.get(random.nextInt(candidates.size()));
  }

  private FuzzAction editField(List<SandboxObject> objects) {
    var target = pickOf(objects);
    if (target == null) {
      return null;
    }
    var leaves = new ArrayList<List<String>>();
    for (var root : List.of("spec", "data")) {
      collectLeaves(target.object().path(root), new ArrayList<>(List.of(root)), leaves);
    }
    // The ownership labels stay as they are, in selectors too (see removeMapKey).
    leaves.removeIf(p -> p.stream().anyMatch(k -> k.startsWith("driftless.io/")));
    var path = pickOf(leaves);
    if (path == null) {
      return null;
    }
    return new EditField(target, path, edited(at(target.object(), path)));
  }

  private JsonNode edited(JsonNode value) {
    counter++;
    if (value.isBoolean()) {
      return BooleanNode.valueOf(!value.asBoolean());
    }
    if (value.isIntegralNumber()) {
      return IntNode.valueOf(value.asInt() + 1 + random.nextInt(3));
    }
    return TextNode.valueOf(value.asText() + "-fuzz" + counter);
  }

  private static void collectLeaves(JsonNode node, List<String> path, List<List<String>> leaves) {
    if (node.isValueNode()) {
      leaves.add(List.copyOf(path));
      return;
    }
    if (node.isObject()) {
      node.properties()
          .forEach(
              e -> {
                path.add(e.getKey());
                collectLeaves(e.getValue(), path, leaves);
                path.remove(path.size() - 1);
              });
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        path.add(String.valueOf(i));
        collectLeaves(node.get(i), path, leaves);
        path.remove(path.size() - 1);
      }
    }
  }

  private static JsonNode at(JsonNode node, List<String> path) {
    for (var key : path) {
      node = node.isArray() ? node.get(Integer.parseInt(key)) : node.get(key);
    }
    return node;
  }

  /** The object's maps of strings: labels, annotations, a ConfigMap's data, selectors ... */
  private static List<List<String>> stringMaps(SandboxObject target) {
    var maps = new ArrayList<List<String>>();
    collectStringMaps(target.object(), new ArrayList<>(), maps);
    return maps.stream()
        .filter(p -> !p.get(0).equals("status"))
        .filter(
            p ->
                !p.get(0).equals("metadata")
                    || p.size() == 2 && Set.of("labels", "annotations").contains(p.get(1)))
        .toList();
  }

  private static void collectStringMaps(JsonNode node, List<String> path, List<List<String>> maps) {
    if (!node.isObject()) {
      return;
    }
    var allText = node.size() > 0;
    for (var entry : node.properties()) {
      allText &= entry.getValue().isTextual();
      path.add(entry.getKey());
      collectStringMaps(entry.getValue(), path, maps);
      path.remove(path.size() - 1);
    }
    if (allText && !path.isEmpty()) {
      maps.add(List.copyOf(path));
    }
  }

  private FuzzAction addMapKey(List<SandboxObject> objects) {
    var target = pickOf(objects);
    if (target == null) {
      return null;
    }
    var map = pickOf(stringMaps(target));
    if (map == null) {
      return null;
    }
    counter++;
    var value = "fuzz-" + counter;
    if (target.kind().equals("Secret") && map.equals(List.of("data"))) {
      value = Base64.getEncoder().encodeToString(value.getBytes());
    }
    return new AddMapKey(target, map, "fuzz-key-" + counter, value);
  }

  private FuzzAction removeMapKey(List<SandboxObject> objects) {
    var target = pickOf(objects);
    if (target == null) {
      return null;
    }
    var map = pickOf(stringMaps(target));
    if (map == null) {
      return null;
    }
    var keys = new ArrayList<String>();
    at(target.object(), map).fieldNames().forEachRemaining(keys::add);
    // The ownership labels stay: without them the object is not the app's (kapp's rule), and the
    // refusal that follows is the designed answer, not a wedge.
    keys.removeIf(k -> k.startsWith("driftless.io/"));
    var key = pickOf(keys.stream().sorted().toList());
    return key == null ? null : new RemoveMapKey(target, map, key);
  }

  private FuzzAction changeLabel(List<SandboxObject> owned) {
    var target = pickOf(owned);
    if (target == null) {
      return null;
    }
    counter++;
    var key = existingOrNewKey(target.object().path("metadata").path("labels"), "fuzz-label");
    return new ChangeLabels(target, key, "fuzz-" + counter);
  }

  private FuzzAction changeAnnotation(List<SandboxObject> owned) {
    var target = pickOf(owned);
    if (target == null) {
      return null;
    }
    counter++;
    var key =
        existingOrNewKey(target.object().path("metadata").path("annotations"), "fuzz.io/note");
    return new ChangeAnnotations(target, key, "fuzz-" + counter);
  }

  private String existingOrNewKey(JsonNode map, String fresh) {
    var keys = new ArrayList<String>();
    map.fieldNames().forEachRemaining(keys::add);
    keys.removeIf(k -> k.startsWith("driftless.io/"));
    return keys.isEmpty() || random.nextBoolean()
        ? fresh
        : keys.stream().sorted().toList().get(random.nextInt(keys.size()));
  }

  /** The newest {@code name-ver-N} of each versioned object of the app. */
  private static List<SandboxObject> newestVersions(List<SandboxObject> owned) {
    var newest = new TreeMap<String, SandboxObject>();
    for (var object : owned) {
      var matcher = VERSIONED.matcher(object.name());
      if (!matcher.matches()) {
        continue;
      }
      var base = object.kind() + "/" + object.namespace() + "/" + matcher.group(1);
      newest.merge(base, object, (a, b) -> version(a) >= version(b) ? a : b);
    }
    return List.copyOf(newest.values());
  }

  private static int version(SandboxObject object) {
    var matcher = VERSIONED.matcher(object.name());
    return matcher.matches() ? Integer.parseInt(matcher.group(2)) : -1;
  }

  private FuzzAction editNewestVersion(List<SandboxObject> newest) {
    var target = pickOf(newest);
    if (target == null) {
      return null;
    }
    var keys = new ArrayList<String>();
    target.object().path("data").fieldNames().forEachRemaining(keys::add);
    counter++;
    var key =
        keys.isEmpty() || random.nextInt(4) == 0
            ? "fuzz-key-" + counter
            : pickOf(keys.stream().sorted().toList());
    var value = "edited-" + counter;
    if (target.kind().equals("Secret")) {
      value = Base64.getEncoder().encodeToString(value.getBytes());
    }
    return new EditNewestVersion(target, key, value);
  }

  /** Objects of a group some CRD in the sandbox serves. */
  private List<SandboxObject> customResources(List<SandboxObject> owned) {
    var groups =
        run.sandbox().objects().stream()
            .filter(o -> o.kind().equals("CustomResourceDefinition"))
            .map(o -> o.object().path("spec").path("group").asText())
            .collect(Collectors.toSet());
    return owned.stream()
        .filter(o -> !o.kind().equals("CustomResourceDefinition"))
        .filter(o -> groups.contains(o.group()))
        .sorted(Comparator.comparing(SandboxObject::path))
        .toList();
  }

  private FuzzAction invalidEdit(List<SandboxObject> owned) {
    var target = pickOf(owned);
    if (target == null) {
      return null;
    }
    var options = new LinkedHashMap<String, String>();
    options.put("label key with a space", "{\"metadata\":{\"labels\":{\"not a label!\":\"x y\"}}}");
    switch (target.kind()) {
      case "Deployment" -> {
        options.put("negative replicas", "{\"spec\":{\"replicas\":-1}}");
        options.put(
            "Recreate keeping rollingUpdate", "{\"spec\":{\"strategy\":{\"type\":\"Recreate\"}}}");
        var selector =
            target.object().path("spec").path("selector").path("matchLabels").fieldNames();
        if (selector.hasNext()) {
          options.put(
              "template not matching the selector",
              "{\"spec\":{\"template\":{\"metadata\":{\"labels\":{\""
                  + selector.next()
                  + "\":\"fuzz-mismatch\"}}}}}");
        }
      }
      case "ConfigMap" -> options.put("a number in data", "{\"data\":{\"fuzz-number\":5}}");
      case "Service" -> options.put("unknown service type", "{\"spec\":{\"type\":\"Bogus\"}}");
      default -> options.put("spec that is not an object", "{\"spec\":\"fuzz\"}");
    }
    var what = pickOf(List.copyOf(options.keySet()));
    try {
      return new InvalidEdit(target, what, JSON.readTree(options.get(what)));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
