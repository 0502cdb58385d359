package io.driftless.command.resource;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A last-applied object's tree built node by node is the tree Jackson's {@code valueToTree} makes:
 * equal, with the same field order and the same node type at every node (an {@code IntNode} is not
 * equal to a {@code LongNode} of the same value, so a changed type would be a ghost diff).
 */
class PlainTreesTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  @Test
  void anEventsLastAppliedObjectBecomesTheTreeValueToTreeMakes() throws Exception {
    // as an event's JSON reads back: every kind of value an object holds
    Map<String, Object> read =
        MAPPER.readValue(
            """
            {"apiVersion": "apps/v1", "kind": "Deployment",
             "metadata": {"name": "d", "labels": {"b": "2", "a": "1"}, "annotations": {}},
             "spec": {"replicas": 3, "revisionHistoryLimit": 10000000000,
                      "huge": 123456789012345678901234567890, "ratio": 0.25,
                      "paused": false, "selector": null, "empty": [],
                      "template": {"spec": {"containers": [
                        {"name": "c", "ports": [{"containerPort": 80}, {"containerPort": 443}],
                         "args": ["--a", "b"]}]}}}}
            """,
            new TypeReference<>() {});
    var state = new ResourceState(null, read, "1", 1, null);

    var tree = state.lastAppliedTree();

    JsonNode expected = MAPPER.valueToTree(read);
    assertThat(tree).isEqualTo(expected);
    assertSameNodes(tree, expected);
    assertThat(tree).isNotSameAs(state.lastAppliedTree()); // a new tree each time
  }

  @Test
  void valuesBeyondWhatJsonReadsIntoAreLeftToJackson() {
    var map = new LinkedHashMap<String, Object>();
    map.put("decimal", new BigDecimal("1.50"));
    map.put("big", new BigInteger("12345678901234567890"));
    map.put("float", 1.5f);
    map.put("short", (short) 7);
    map.put("set", new java.util.LinkedHashSet<>(List.of("x", "y")));
    map.put("numbered", Map.of(1, "one"));

    var tree = PlainTrees.object(map);

    JsonNode expected = MAPPER.valueToTree(map);
    assertThat(tree).isEqualTo(expected);
    assertSameNodes(tree, expected);
    assertThat(new ResourceState(null, null, "1", 1, null).lastAppliedTree()).isNull();
  }

  /** The same node type at every node and the same field order. */
  private static void assertSameNodes(JsonNode actual, JsonNode expected) {
    assertThat(actual.getClass()).isEqualTo(expected.getClass());
    if (expected.isObject()) {
      assertThat(names(actual.fieldNames())).isEqualTo(names(expected.fieldNames()));
      expected.fieldNames().forEachRemaining(n -> assertSameNodes(actual.get(n), expected.get(n)));
    } else if (expected.isArray()) {
      for (int i = 0; i < expected.size(); i++) {
        assertSameNodes(actual.get(i), expected.get(i));
      }
    }
  }

  private static List<String> names(Iterator<String> names) {
    var list = new ArrayList<String>();
    names.forEachRemaining(list::add);
    return list;
  }
}
