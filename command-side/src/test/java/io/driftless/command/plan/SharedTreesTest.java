package io.driftless.command.plan;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.resource.ResourceState;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.events.ResourceRef;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The trees plans share read only ({@link LastAppliedTrees}, {@link StrippedLive}): the same tree
 * while its source is the same, a new one as soon as it is not, and never Driftless's labels.
 */
class SharedTreesTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final ResourceKey KEY = new ResourceKey("", "ConfigMap", "default", "conf");

  private static Map<String, Object> lastApplied(String value) {
    var labels = new LinkedHashMap<String, Object>();
    labels.put("tier", "web");
    labels.put("driftless.io/app", "a1b2");
    var metadata = new LinkedHashMap<String, Object>();
    metadata.put("name", "conf");
    metadata.put("labels", labels);
    var object = new LinkedHashMap<String, Object>();
    object.put("apiVersion", "v1");
    object.put("kind", "ConfigMap");
    object.put("metadata", metadata);
    object.put("data", Map.of("greeting", value));
    return object;
  }

  private static ResourceState state(Map<String, Object> lastApplied) {
    return new ResourceState(
        new ResourceRef("v1", "ConfigMap", "default", "conf"), lastApplied, "7", 1, null);
  }

  private static ObjectNode live(String uid, String resourceVersion, String value) {
    var object = JSON.createObjectNode().put("apiVersion", "v1").put("kind", "ConfigMap");
    var metadata = object.putObject("metadata").put("name", "conf");
    metadata.put("uid", uid).put("resourceVersion", resourceVersion);
    metadata.putObject("labels").put("tier", "web").put("driftless.io/app", "a1b2");
    object.putObject("data").put("greeting", value);
    return object;
  }

  @Test
  void aStateWithTheSameLastAppliedGetsTheSameTreeWithoutOurLabels() {
    var trees = new LastAppliedTrees(10);
    var map = lastApplied("hello");

    var first = trees.tree("rc-1", state(map));
    var again = trees.tree("rc-1", state(map));

    assertThat(again).isSameAs(first);
    assertThat(first.path("metadata").path("labels").has("driftless.io/app")).isFalse();
    assertThat(first.path("metadata").path("labels").path("tier").asText()).isEqualTo("web");
    assertThat(first.path("data").path("greeting").asText()).isEqualTo("hello");
  }

  @Test
  void aNewLastAppliedGetsANewTree() {
    var trees = new LastAppliedTrees(10);
    var first = trees.tree("rc-1", state(lastApplied("hello")));

    var next = trees.tree("rc-1", state(lastApplied("bye")));

    assertThat(next).isNotSameAs(first);
    assertThat(next.path("data").path("greeting").asText()).isEqualTo("bye");
    assertThat(trees.tree("rc-1", state(null))).isNull();
  }

  @Test
  void noCapacityKeepsNoTree() {
    var trees = new LastAppliedTrees(0);
    var map = lastApplied("hello");

    assertThat(trees.tree("rc-1", state(map))).isNotSameAs(trees.tree("rc-1", state(map)));
    assertThat(trees.size()).isZero();
  }

  @Test
  void aLiveObjectReadAgainAtTheSameVersionGetsTheSameStrippedCopy() {
    var live = new StrippedLive(10);
    var read = live("u-1", "41", "hello");

    var first = live.stripped(KEY, read);
    var again = live.stripped(KEY, live("u-1", "41", "hello"));

    assertThat(again).isSameAs(first);
    assertThat(first).isNotSameAs(read);
    assertThat(first.path("metadata").path("labels").has("driftless.io/app")).isFalse();
    assertThat(read.path("metadata").path("labels").has("driftless.io/app")).isTrue();
  }

  @Test
  void aNewResourceVersionUidOrApiVersionIsStrippedAgain() {
    var live = new StrippedLive(10);
    var first = live.stripped(KEY, live("u-1", "41", "hello"));

    var edited = live.stripped(KEY, live("u-1", "42", "edited"));
    var recreated = live.stripped(KEY, live("u-2", "42", "again"));
    var otherVersion = live("u-2", "42", "again").put("apiVersion", "v2");

    assertThat(edited).isNotSameAs(first);
    assertThat(edited.path("data").path("greeting").asText()).isEqualTo("edited");
    assertThat(recreated.path("data").path("greeting").asText()).isEqualTo("again");
    assertThat(live.stripped(KEY, otherVersion).path("apiVersion").asText()).isEqualTo("v2");
  }

  @Test
  void anObjectWithoutAResourceVersionIsStrippedEveryTime() {
    var live = new StrippedLive(10);
    var read = live("u-1", "", "hello");

    assertThat(live.stripped(KEY, read)).isNotSameAs(live.stripped(KEY, read));
    assertThat(live.size()).isZero();
  }
}
