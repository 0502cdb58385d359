package io.driftless.diff.plan;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.TextNode;
import org.junit.jupiter.api.Test;

class FieldPathTest {

  @Test
  void joinsKeysWithDotsAndRendersItemsByTheirMergeKey() {
    var path =
        FieldPath.root()
            .key("spec")
            .key("ports")
            .item("port", IntNode.valueOf(80))
            .key("targetPort");

    assertThat(path.render()).isEqualTo("spec.ports[port=80].targetPort");
    assertThat(path.fields()).containsExactly("spec", "ports", "targetPort");
  }

  @Test
  void quotesKeysAndItemValuesThatWouldBreakThePath() {
    assertThat(FieldPath.root().key("a.b").render()).isEqualTo("[\"a.b\"]");
    assertThat(FieldPath.root().key("m").key("x[0]").render()).isEqualTo("m[\"x[0]\"]");
    assertThat(FieldPath.root().key("m").key("say \"hi\"").render())
        .isEqualTo("m[\"say \\\"hi\\\"\"]");
    assertThat(FieldPath.root().key("m").key("a\\.b").render()).isEqualTo("m[\"a\\\\.b\"]");
    assertThat(FieldPath.root().key("env").item("name", TextNode.valueOf("a]b")).render())
        .isEqualTo("env[name=\"a]b\"]");
  }
}
