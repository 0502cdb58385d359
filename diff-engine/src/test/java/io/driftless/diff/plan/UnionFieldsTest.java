package io.driftless.diff.plan;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.resources.ResourceKey;
import org.junit.jupiter.api.Test;

class UnionFieldsTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final ResourceKey KEY = new ResourceKey("apps", "Deployment", "default", "web");

  private static ObjectNode deployment(String strategy) throws Exception {
    return (ObjectNode)
        JSON.readTree(
            "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\","
                + "\"metadata\":{\"name\":\"web\",\"namespace\":\"default\"},"
                + "\"spec\":{\"replicas\":1"
                + strategy
                + "}}");
  }

  private static final String DEFAULTED =
      ",\"strategy\":{\"type\":\"RollingUpdate\","
          + "\"rollingUpdate\":{\"maxSurge\":\"25%\",\"maxUnavailable\":\"25%\"}}";

  @Test
  void switchingToRecreateDropsTheServerDefaultedRollingUpdate() throws Exception {
    var live = deployment(DEFAULTED);
    var lastApplied = deployment("");
    var desired = deployment(",\"strategy\":{\"type\":\"Recreate\"}");

    var change = new DiffEngine().diff(KEY, "apps/v1", desired, lastApplied, live);

    assertThat(change.op()).isEqualTo(ChangeOp.UPDATE);
    assertThat(change.applied().at("/spec/strategy").toString())
        .isEqualTo("{\"type\":\"Recreate\"}");
  }

  @Test
  void rollingUpdateStaysWhileTheTypeAllowsIt() throws Exception {
    var live = deployment(DEFAULTED);
    var desired = deployment(",\"strategy\":{\"type\":\"RollingUpdate\"}");

    var change = new DiffEngine().diff(KEY, "apps/v1", desired, deployment(""), live);

    assertThat(change.applied().at("/spec/strategy/rollingUpdate/maxSurge").asText())
        .isEqualTo("25%");
  }

  @Test
  void aDesiredContradictionIsSentAsWritten() throws Exception {
    var desired =
        deployment(",\"strategy\":{\"type\":\"Recreate\",\"rollingUpdate\":{\"maxSurge\":1}}");

    var change =
        new DiffEngine().diff(KEY, "apps/v1", desired, deployment(""), deployment(DEFAULTED));

    assertThat(change.applied().at("/spec/strategy/rollingUpdate/maxSurge").asInt()).isEqualTo(1);
  }
}
