package io.driftless.command.apply;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.resources.ManifestException;
import io.driftless.diff.resources.ManifestParser;
import io.driftless.diff.resources.Resource;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@link PlainJson} walks the trees it can and must give exactly what Jackson's {@code
 * convertValue(node, Object.class)} gives: equal values of the same classes, maps in the same
 * order, for every object of the repository's manifests and for the node kinds it leaves to
 * Jackson.
 */
class PlainJsonTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  @Test
  void givesWhatJacksonGivesForEveryObjectOfTheRepositorysManifests() throws Exception {
    var objects = 0;
    for (var file : manifests()) {
      List<Resource> resources;
      try {
        resources = ManifestParser.parseYaml(Files.readString(file), "default").resources();
      } catch (ManifestException refused) {
        continue; // a file of refused input: nothing to convert
      }
      for (var resource : resources) {
        assertSame(resource.object(), file + " " + resource.key().id());
        objects++;
      }
    }
    assertThat(objects).as("objects compared").isGreaterThan(300);
  }

  @Test
  void givesWhatJacksonGivesForNumbersAndTheNodesItLeavesToJackson() {
    var node = NODES.objectNode();
    node.put("int", 7)
        .put("negative", -3)
        .put("long", 5_000_000_000L)
        .put("smallLong", 5L)
        .put("double", 0.5)
        .put("float", 1.25f)
        .put("short", (short) 3)
        .put("decimal", new BigDecimal("12.50"))
        .put("big", new BigInteger("123456789012345678901234567890"))
        .put("text", "x")
        .put("empty", "")
        .put("yes", true)
        .put("binary", new byte[] {1, 2, 3});
    node.putNull("nothing");
    node.putPOJO("pojo", Map.of("a", 1));
    node.putObject("nested").putArray("list").add(1).add("two").addNull().add(3.5).addObject();
    node.putArray("emptyList");
    for (var value : List.<JsonNode>of(node, NODES.numberNode(2.5), NODES.textNode("t"))) {
      assertSame(value, value.toString());
    }
    assertThat(PlainJson.of(MAPPER, null)).isNull();
    assertThat(PlainJson.of(MAPPER, NODES.nullNode())).isNull();
  }

  @Test
  void keepsTheTreesOrderAndGivesMutableMapsAndLists() {
    ObjectNode node = NODES.objectNode().put("z", 1).put("a", 2).put("m", 3);
    node.putArray("l").add(1);
    @SuppressWarnings("unchecked")
    var map = (Map<String, Object>) PlainJson.of(MAPPER, node);
    assertThat(map)
        .containsExactly(
            Map.entry("z", 1), Map.entry("a", 2), Map.entry("m", 3), Map.entry("l", List.of(1)));
    assertThat(map.getClass()).isEqualTo(MAPPER.convertValue(node, Object.class).getClass());
    assertThat(map.get("l").getClass())
        .isEqualTo(((Map<?, ?>) MAPPER.convertValue(node, Object.class)).get("l").getClass());
  }

  private static void assertSame(JsonNode node, String what) {
    var walked = PlainJson.of(MAPPER, node);
    var converted = MAPPER.convertValue(node, Object.class);
    assertAlike(walked, converted, what);
  }

  /**
   * Equal values of the same classes at every level, a map's keys in the same order (compared level
   * by level: a map's {@code equals} would compare binary values by identity).
   */
  private static void assertAlike(Object walked, Object converted, String where) {
    if (converted == null) {
      assertThat(walked).as(where).isNull();
      return;
    }
    assertThat(walked).as(where).isNotNull();
    assertThat(walked.getClass()).as(where).isEqualTo(converted.getClass());
    if (converted instanceof Map<?, ?> expected) {
      var actual = (Map<?, ?>) walked;
      assertThat(List.copyOf(actual.keySet())).as(where).isEqualTo(List.copyOf(expected.keySet()));
      expected.forEach((k, v) -> assertAlike(actual.get(k), v, where + "." + k));
    } else if (converted instanceof List<?> expected) {
      var actual = (List<?>) walked;
      assertThat(actual).as(where).hasSameSizeAs(expected);
      for (int i = 0; i < expected.size(); i++) {
        assertAlike(actual.get(i), expected.get(i), where + "[" + i + "]");
      }
    } else if (converted instanceof byte[] expected) {
      assertThat((byte[]) walked).as(where).isEqualTo(expected);
    } else {
      assertThat(walked).as(where).isEqualTo(converted);
    }
  }

  private static List<Path> manifests() throws Exception {
    var folders =
        List.of(
            Path.of("../diff-engine/src/test/resources/io/driftless/diff/manifests"),
            Path.of("..", "examples"));
    var files = new ArrayList<Path>();
    for (var folder : folders) {
      try (Stream<Path> walk = Files.walk(folder)) {
        walk.filter(p -> p.toString().endsWith(".yml") || p.toString().endsWith(".yaml"))
            .sorted()
            .forEach(files::add);
      }
    }
    assertThat(files).as("manifest files").hasSizeGreaterThan(5);
    return files;
  }
}
