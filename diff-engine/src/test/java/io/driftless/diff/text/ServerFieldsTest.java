package io.driftless.diff.text;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.diff.Fixtures;
import org.junit.jupiter.api.Test;

class ServerFieldsTest {

  @Test
  void removesEveryServerWrittenFieldAndNothingElse() {
    var live = Fixtures.object("text/deployment-live.yaml");

    var stripped = ServerFields.strip(live);

    assertThat(stripped).isEqualTo(Fixtures.object("text/deployment-stripped.yaml"));
  }

  @Test
  void keepsOtherAnnotations() {
    var live = Fixtures.object("text/deployment-live.yaml");
    live.with("metadata").with("annotations").put("team", "shop");

    var stripped = ServerFields.strip(live);

    assertThat(stripped.at("/metadata/annotations").properties())
        .singleElement()
        .satisfies(entry -> assertThat(entry.getKey()).isEqualTo("team"));
  }

  @Test
  void leavesTheArgumentUnchanged() {
    var live = Fixtures.object("text/deployment-live.yaml");
    var before = live.deepCopy();

    ServerFields.strip(live);

    assertThat(live).isEqualTo(before);
  }
}
