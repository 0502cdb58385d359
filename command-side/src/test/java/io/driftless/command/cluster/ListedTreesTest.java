package io.driftless.command.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * An object listed again at the same uid and resourceVersion gets the tree made the first time; a
 * new resourceVersion, uid or apiVersion is converted again.
 */
class ListedTreesTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private int converted;

  private final Function<GenericKubernetesResource, ObjectNode> convert =
      item -> {
        converted++;
        return JSON.valueToTree(item);
      };

  private static GenericKubernetesResource item(String uid, String resourceVersion) {
    var item = new GenericKubernetesResource();
    item.setApiVersion("v1");
    item.setKind("ConfigMap");
    item.setMetadata(
        new ObjectMetaBuilder()
            .withName("conf")
            .withNamespace("default")
            .withUid(uid)
            .withResourceVersion(resourceVersion)
            .build());
    return item;
  }

  @Test
  void anObjectListedAgainUnchangedGetsTheSameTree() {
    var trees = new ListedTrees(10);

    var first = trees.tree("ConfigMap", "v1", item("u-1", "7"), convert);
    var again = trees.tree("ConfigMap", "v1", item("u-1", "7"), convert);

    assertThat(again).isSameAs(first);
    assertThat(converted).isEqualTo(1);
    assertThat(first.path("metadata").path("resourceVersion").asText()).isEqualTo("7");
  }

  @Test
  void aNewResourceVersionUidOrApiVersionIsConvertedAgain() {
    var trees = new ListedTrees(10);
    trees.tree("ConfigMap", "v1", item("u-1", "7"), convert);

    var edited = trees.tree("ConfigMap", "v1", item("u-1", "8"), convert);
    trees.tree("ConfigMap", "v1", item("u-2", "8"), convert);
    trees.tree("ConfigMap", "v2", item("u-2", "8"), convert);

    assertThat(converted).isEqualTo(4);
    assertThat(edited.path("metadata").path("resourceVersion").asText()).isEqualTo("8");
  }

  @Test
  void anItemWithoutAResourceVersionIsConvertedEveryTime() {
    var trees = new ListedTrees(10);

    trees.tree("ConfigMap", "v1", item("u-1", null), convert);
    trees.tree("ConfigMap", "v1", item("u-1", null), convert);

    assertThat(converted).isEqualTo(2);
    assertThat(trees.size()).isZero();
  }
}
