package io.driftless.diff.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.plan.Change;
import io.driftless.diff.plan.ChangeOp;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.diff.text.ServerFields;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link ChangeDiff#renderWrittenForSender} (issue 31, point 4): the diff between the objects as
 * the cluster holds them and as they are sent, kubectl's annotation kept where asked, a Secret's
 * values and that annotation masked.
 */
class WrittenChangeDiffTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String LAST_APPLIED = "{\"kind\":\"Secret\",\"data\":{\"p\":\"c2VjcmV0\"}}";

  private static ObjectNode object(String kind, String label) {
    var object = JSON.createObjectNode().put("apiVersion", "v1").put("kind", kind);
    var metadata = object.putObject("metadata").put("name", "x").put("namespace", "ns");
    metadata.put("resourceVersion", "7");
    metadata.putObject("annotations").put(ServerFields.KUBECTL_LAST_APPLIED, LAST_APPLIED);
    if (label != null) {
      metadata.putObject("labels").put("owner", label);
    }
    object.putObject("data").put("p", "c2VjcmV0");
    return object;
  }

  private static Change update(ObjectNode live, ObjectNode sent) {
    return Change.of(
        new ResourceKey("", live.path("kind").asText(), "ns", "x"),
        "v1",
        ChangeOp.UPDATE,
        List.of(),
        sent,
        live,
        sent);
  }

  @Test
  void showsTheLabelsSentAndKeepsKubectlsAnnotationAsContext() {
    var live = object("ConfigMap", null);
    var sent = object("ConfigMap", "app");
    var change = update(live, sent);

    var kept = ChangeDiff.renderWrittenForSender(change, live, sent, 10, false, true);
    var left = ChangeDiff.renderWrittenForSender(change, live, sent, 10, false, false);

    assertThat(kept)
        .contains("+     owner: app")
        .containsPattern("\\d+,\\s*\\d+\\s+" + ServerFields.KUBECTL_LAST_APPLIED)
        .doesNotContain("resourceVersion");
    assertThat(left).contains("+     owner: app").doesNotContain(ServerFields.KUBECTL_LAST_APPLIED);
  }

  @Test
  void masksASecretsValuesAndItsKubectlAnnotation() {
    var live = object("Secret", null);
    var sent = object("Secret", "app");

    var diff = ChangeDiff.renderWrittenForSender(update(live, sent), live, sent, 10, false, true);

    assertThat(diff)
        .doesNotContain("c2VjcmV0")
        .contains(ServerFields.KUBECTL_LAST_APPLIED + ": <-- value not shown>")
        .contains("<-- value not shown (#1)")
        .contains("+     owner: app");
  }
}
