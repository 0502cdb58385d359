package io.driftless.command.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class ListBodiesTest {

  private final AtomicInteger decoded = new AtomicInteger();

  private Supplier<List<ObjectNode>> decode(String name) {
    return () -> {
      decoded.incrementAndGet();
      return List.of(JsonNodeFactory.instance.objectNode().put("name", name));
    };
  }

  private static byte[] list(String listVersion, String items) {
    return ("{\"kind\":\"ConfigMapList\",\"apiVersion\":\"v1\",\"metadata\":{\"resourceVersion\":\""
            + listVersion
            + "\"},\"items\":["
            + items
            + "]}")
        .getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void theSameItemsUnderAnotherListVersionAreNotDecodedAgain() {
    var bodies = new ListBodies(1 << 20);

    var first = bodies.trees("/a", list("10", "{\"x\":1}"), decode("first"));
    var again = bodies.trees("/a", list("11", "{\"x\":1}"), decode("again"));

    assertThat(again).isSameAs(first);
    assertThat(decoded).hasValue(1);
  }

  @Test
  void changedItemsAnotherUrlOrAnotherLengthAreDecoded() {
    var bodies = new ListBodies(1 << 20);
    bodies.trees("/a", list("10", "{\"x\":1}"), decode("first"));

    assertThat(bodies.trees("/a", list("11", "{\"x\":2}"), decode("changed")))
        .extracting(o -> o.path("name").asText())
        .containsExactly("changed");
    assertThat(bodies.trees("/b", list("11", "{\"x\":2}"), decode("other url")))
        .extracting(o -> o.path("name").asText())
        .containsExactly("other url");
    assertThat(bodies.trees("/a", list("12", "{\"x\":2},{\"x\":3}"), decode("longer")))
        .extracting(o -> o.path("name").asText())
        .containsExactly("longer");
    // the newest answer is the one compared with
    assertThat(bodies.trees("/a", list("13", "{\"x\":2},{\"x\":3}"), decode("unused")))
        .extracting(o -> o.path("name").asText())
        .containsExactly("longer");
    assertThat(decoded).hasValue(4);
  }

  @Test
  void itemsBeforeTheListsMetadataAreComparedWithTheWholeAnswer() {
    var bodies = new ListBodies(1 << 20);
    var itemsFirst =
        "{\"items\":[{\"metadata\":{\"name\":\"a\"}}],\"metadata\":{\"resourceVersion\":\"%s\"}}";

    assertThat(ListBodies.itemsAt(itemsFirst.formatted("1").getBytes(StandardCharsets.UTF_8)))
        .isZero();
    bodies.trees("/a", itemsFirst.formatted("1").getBytes(StandardCharsets.UTF_8), decode("1"));
    bodies.trees("/a", itemsFirst.formatted("2").getBytes(StandardCharsets.UTF_8), decode("2"));
    bodies.trees("/a", itemsFirst.formatted("2").getBytes(StandardCharsets.UTF_8), decode("3"));

    assertThat(decoded).hasValue(2);
    assertThat(ListBodies.itemsAt(list("1", "")))
        .isEqualTo(new String(list("1", ""), StandardCharsets.UTF_8).indexOf("\"items\":"));
  }

  @Test
  void keepsAtMostItsCapacityTheLeastRecentlyReadDroppedFirst() {
    var one = list("1", "{\"x\":1}");
    var bodies = new ListBodies(2L * one.length);
    bodies.trees("/a", one, decode("a"));
    bodies.trees("/b", one, decode("b"));
    bodies.trees("/a", one, decode("unused"));
    bodies.trees("/c", one, decode("c"));

    assertThat(bodies.bytes()).isEqualTo(2L * one.length);
    assertThat(decoded).hasValue(3);
    // /b was dropped (least recently read), /a kept
    bodies.trees("/a", one, decode("unused"));
    assertThat(decoded).hasValue(3);
    bodies.trees("/b", one, decode("b again"));
    assertThat(decoded).hasValue(4);
  }

  @Test
  void anAnswerLargerThanTheCapacityIsNotKept() {
    var big = list("1", "{\"x\":\"" + "y".repeat(200) + "\"}");
    var bodies = new ListBodies(100);

    bodies.trees("/a", big, decode("1"));
    bodies.trees("/a", big, decode("2"));

    assertThat(decoded).hasValue(2);
    assertThat(bodies.bytes()).isZero();
  }
}
