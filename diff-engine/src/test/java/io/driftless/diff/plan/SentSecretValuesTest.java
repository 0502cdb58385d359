package io.driftless.diff.plan;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.driftless.diff.report.ChangeDiff;
import io.driftless.diff.resources.ResourceKey;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Issue 32 point 5: what an answer to a manifest's sender shows of a Secret's values. */
class SentSecretValuesTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final ResourceKey KEY = new ResourceKey("", "Secret", "default", "creds");

  private static ObjectNode secret(String password, String user) throws Exception {
    var data =
        user == null
            ? "{\"password\":\"%s\"}".formatted(password)
            : "{\"password\":\"%s\",\"user\":\"%s\"}".formatted(password, user);
    return (ObjectNode)
        JSON.readTree(
            "{\"apiVersion\":\"v1\",\"kind\":\"Secret\",\"metadata\":{\"name\":\"creds\","
                + "\"namespace\":\"default\",\"labels\":{\"tier\":\"a\"}},\"data\":"
                + data
                + "}");
  }

  private static Change update(ObjectNode live, ObjectNode desired, List<FieldChange> fields) {
    return Change.of(KEY, "v1", ChangeOp.UPDATE, fields, desired, live, desired);
  }

  @Test
  void everySentKeyIsShownMaskedWhetherOrNotItChanged() throws Exception {
    var live = secret("b2xk", "dXNlcg==");
    var desired = secret("bmV3", null);
    desired.withObject("data").put("token", "dG9r");
    var engine =
        List.of(
            new FieldChange(
                "data.password",
                TextNode.valueOf("hmac-sha256:k:1"),
                TextNode.valueOf("hmac-sha256:k:2"),
                "desired"),
            new FieldChange("data.user", TextNode.valueOf("hmac-sha256:k:3"), null, "desired"),
            new FieldChange(
                "metadata.labels.tier", TextNode.valueOf("a"), TextNode.valueOf("b"), "desired"));

    var shown =
        JSON.valueToTree(SentSecretValues.answered(update(live, desired, engine))).toString();

    assertThat(shown)
        .doesNotContain("hmac-")
        .contains(
            "{\"path\":\"data.password\",\"from\":\"<-- value not shown>\",\"to\":\"<-- value not shown>\"",
            "{\"path\":\"data.token\",\"from\":null,\"to\":\"<-- value not shown>\"",
            "{\"path\":\"data.user\",\"from\":\"<-- value not shown>\",\"to\":null",
            "metadata.labels.tier");
    var unchanged = SentSecretValues.answered(update(live, secret("b2xk", "dXNlcg=="), List.of()));
    assertThat(unchanged)
        .extracting(FieldChange::path)
        .containsExactly("data.password", "data.user");
  }

  @Test
  void aWholeValueMapIsMaskedToo() throws Exception {
    var live = secret("b2xk", null);
    var desired = secret("b2xk", null);
    desired.remove("data");
    var engine =
        List.of(
            new FieldChange(
                "data", JSON.readTree("{\"password\":\"hmac-sha256:k:1\"}"), null, "desired"));

    assertThat(
            JSON.valueToTree(SentSecretValues.answered(update(live, desired, engine))).toString())
        .doesNotContain("hmac-")
        .contains("{\"path\":\"data\",\"from\":\"<-- value not shown>\",\"to\":null");
  }

  @Test
  void otherKindsPassThrough() throws Exception {
    var map = secret("x", null).put("kind", "ConfigMap");
    var fields =
        List.of(
            new FieldChange(
                "data.password", TextNode.valueOf("a"), TextNode.valueOf("b"), "desired"));
    assertThat(SentSecretValues.answered(update(map, map, fields))).isEqualTo(fields);
  }

  @Test
  void theSendersLineDiffNeverShowsWhetherAValueStayedNorWhatTheClusterHolds() throws Exception {
    var live = secret("c3RvcmVk", null);
    var right = update(live, secret("c3RvcmVk", null), List.of());
    var wrong = update(live, secret("d3Jvbmc=", null), List.of());

    var masked = ChangeDiff.renderForSender(right, 2, false);
    assertThat(masked).isEqualTo(ChangeDiff.renderForSender(wrong, 2, false));
    assertThat(masked)
        .contains("password: <-- value not shown (#1)", "password: <-- value not shown (#2)");
    var shown = ChangeDiff.renderForSender(wrong, 2, true);
    assertThat(shown).contains("d3Jvbmc=").doesNotContain("c3RvcmVk");
  }
}
