package io.driftless.diff.plan;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.resources.ResourceKey;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Property: for generated objects (built-in and custom kinds, nested maps, keyed and atomic lists,
 * numbers, booleans, zeros, empty values, Secret data), diff(x, x) is a noop in both compare modes,
 * and the object to apply holds every field x sets with x's value. 300 objects per seed.
 */
class SelfDiffPropertyTest {

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final String[] KINDS = {"ConfigMap", "Deployment", "Secret", "Widget", "Service"};

  private final DiffEngine engine = new DiffEngine();

  @ParameterizedTest
  @ValueSource(longs = {1L, 7L, 42L})
  void selfDiffIsNoopAndAppliedHoldsEveryDesiredField(long seed) {
    var random = new Random(seed);
    for (int i = 0; i < 300; i++) {
      ObjectNode x = object(random, i);
      ObjectNode live = x.deepCopy();
      live.with("metadata").put("resourceVersion", "1").put("uid", "u");
      for (boolean unchanged : new boolean[] {true, false}) {
        var change =
            engine.diff(new DiffInput(ResourceKey.of(x), null, x, x.deepCopy(), live, unchanged));

        assertThat(change.op()).as("%s %s", x, change.fields()).isEqualTo(ChangeOp.NOOP);
        assertContains(change.applied(), x, x.toString());
      }
    }
  }

  private static void assertContains(JsonNode applied, JsonNode desired, String where) {
    if (desired.isObject()) {
      desired
          .properties()
          .forEach(
              e -> {
                if (!e.getKey().equals("status")) {
                  assertThat(applied.has(e.getKey())).as(where + " has " + e.getKey()).isTrue();
                  assertContains(applied.get(e.getKey()), e.getValue(), where);
                }
              });
    } else {
      assertThat(applied).as(where).isEqualTo(desired);
    }
  }

  private static ObjectNode object(Random random, int n) {
    String kind = KINDS[random.nextInt(KINDS.length)];
    ObjectNode object = NODES.objectNode();
    object.put(
        "apiVersion",
        kind.equals("Widget") ? "example.com/v1" : kind.equals("Deployment") ? "apps/v1" : "v1");
    object.put("kind", kind);
    object.putObject("metadata").put("name", "o-" + n).put("namespace", "default");
    if (kind.equals("Secret") || kind.equals("ConfigMap")) {
      ObjectNode data = object.putObject("data");
      for (int i = random.nextInt(4); i >= 0; i--) {
        data.put("k" + i, kind.equals("Secret") ? "dmFsdWU" + i : "v" + random.nextInt(9));
      }
    } else {
      object.set("spec", map(random, 3));
      ObjectNode pod = object.with("spec").with("template").with("spec");
      ArrayNode containers = pod.putArray("containers");
      for (int i = random.nextInt(3); i >= 0; i--) {
        containers.addObject().put("name", "c" + i).put("image", "img:" + random.nextInt(5));
      }
    }
    return object;
  }

  private static ObjectNode map(Random random, int depth) {
    ObjectNode map = NODES.objectNode();
    for (int i = random.nextInt(4); i >= 0; i--) {
      map.set("f" + i, value(random, depth - 1));
    }
    return map;
  }

  private static JsonNode value(Random random, int depth) {
    return switch (depth <= 0 ? random.nextInt(5) : random.nextInt(7)) {
      case 0 -> NODES.numberNode(random.nextInt(3));
      case 1 -> NODES.booleanNode(random.nextBoolean());
      case 2 -> NODES.textNode(random.nextBoolean() ? "" : "t" + random.nextInt(9));
      case 3 -> NODES.numberNode(random.nextDouble());
      case 4 -> NODES.arrayNode().add(random.nextInt(4)).add("x");
      case 5 -> map(random, depth);
      default -> NODES.arrayNode().add(map(random, depth)).add(map(random, depth));
    };
  }
}
