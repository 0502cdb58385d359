package io.driftless.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.driftless.sandbox.objects.Nodes;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Server-side apply ({@code application/apply-patch+yaml}, issue 28 point 3): an apply creates or
 * merges, its manager's {@code Apply} entry is what it applied, a field another manager owns and
 * the apply changes is a 409 conflict naming both unless forced, and a field no longer applied is
 * removed.
 */
class ServerSideApplyIT {

  private static final String WEB = "/apis/apps/v1/namespaces/default/deployments/web";
  private static final String APPLY = "application/apply-patch+yaml";

  private static final String CONFIG =
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: web
        labels: {app: web, tier: front}
      spec:
        replicas: 2
        selector: {matchLabels: {app: web}}
        template:
          metadata: {labels: {app: web}}
          spec:
            containers:
            - name: web
              image: nginx:1.25
              ports: [{containerPort: 80}]
      """;

  @TempDir Path dir;

  private SandboxFixture cluster;

  @BeforeEach
  void start() {
    cluster = SandboxFixture.start(dir, Set.of());
  }

  @AfterEach
  void stop() {
    cluster.close();
  }

  @Test
  void anApplyCreatesTheObjectAndRecordsWhatItApplied() throws Exception {
    var answer = cluster.send("PATCH", WEB + "?fieldManager=ops", APPLY, CONFIG);

    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(201);
    var stored = cluster.stored(WEB);
    assertThat(stored.at("/spec/template/spec/containers/0/imagePullPolicy").asText())
        .isEqualTo("IfNotPresent");
    var entries = stored.at("/metadata/managedFields");
    assertThat(entries).hasSize(1);
    assertThat(entries.get(0).path("manager").asText()).isEqualTo("ops");
    assertThat(entries.get(0).path("operation").asText()).isEqualTo("Apply");
    // the applied fields only (maps are not members, items are; defaulted fields are nobody's)
    assertThat(entries.get(0).path("fieldsV1"))
        .isEqualTo(
            json(
                """
                {"f:metadata":{"f:labels":{"f:app":{},"f:tier":{}}},
                 "f:spec":{"f:replicas":{},"f:selector":{},
                  "f:template":{"f:metadata":{"f:labels":{"f:app":{}}},
                   "f:spec":{"f:containers":{"k:{\\"name\\":\\"web\\"}":{".":{},"f:image":{},"f:name":{},
                    "f:ports":{"k:{\\"containerPort\\":80,\\"protocol\\":\\"TCP\\"}":{".":{},
                     "f:containerPort":{}}}}}}}}}
                """));
  }

  @Test
  void aFieldAnotherManagerOwnsIsAConflictUnlessForced() throws Exception {
    cluster.send("PATCH", WEB + "?fieldManager=ops", APPLY, CONFIG);
    cluster.send(
        "PATCH",
        WEB + "?fieldManager=scaler",
        "application/merge-patch+json",
        "{\"spec\":{\"replicas\":5}}");
    var before = cluster.stored(WEB);

    var refused =
        cluster.send(
            "PATCH",
            WEB + "?fieldManager=ops",
            APPLY,
            CONFIG.replace("replicas: 2", "replicas: 3"));

    assertThat(refused.statusCode()).isEqualTo(409);
    var status = json(refused.body());
    assertThat(status.path("reason").asText()).isEqualTo("Conflict");
    assertThat(status.path("message").asText())
        .isEqualTo(
            "Apply failed with 1 conflict: conflict with \"scaler\" using apps/v1: .spec.replicas");
    assertThat(status.at("/details/causes/0/reason").asText()).isEqualTo("FieldManagerConflict");
    assertThat(status.at("/details/causes/0/field").asText()).isEqualTo(".spec.replicas");
    assertThat(cluster.stored(WEB)).isEqualTo(before);

    var forced =
        cluster.send(
            "PATCH",
            WEB + "?fieldManager=ops&force=true",
            APPLY,
            CONFIG.replace("replicas: 2", "replicas: 3"));

    assertThat(forced.statusCode()).isEqualTo(200);
    var stored = cluster.stored(WEB);
    assertThat(stored.at("/spec/replicas").asInt()).isEqualTo(3);
    assertThat(stored.at("/metadata/managedFields").findValuesAsText("manager"))
        .containsExactly("ops");
  }

  @Test
  void applyingTheValueAnotherManagerSetIsNoConflict() throws Exception {
    cluster.send("PATCH", WEB + "?fieldManager=ops", APPLY, CONFIG);
    cluster.send(
        "PATCH",
        WEB + "?fieldManager=scaler",
        "application/merge-patch+json",
        "{\"spec\":{\"replicas\":5}}");

    var answer =
        cluster.send(
            "PATCH",
            WEB + "?fieldManager=ops",
            APPLY,
            CONFIG.replace("replicas: 2", "replicas: 5"));

    assertThat(answer.statusCode()).isEqualTo(200);
  }

  @Test
  void aFieldNoLongerAppliedIsRemoved() throws Exception {
    cluster.send("PATCH", WEB + "?fieldManager=ops", APPLY, CONFIG);

    var answer =
        cluster.send(
            "PATCH",
            WEB + "?fieldManager=ops",
            APPLY,
            CONFIG.replace("labels: {app: web, tier: front}", "labels: {app: web}"));

    assertThat(answer.statusCode()).isEqualTo(200);
    assertThat(cluster.stored(WEB).at("/metadata/labels")).isEqualTo(json("{\"app\":\"web\"}"));
  }

  @Test
  void anApplyNeedsAFieldManager() throws Exception {
    var answer = cluster.send("PATCH", WEB, APPLY, CONFIG);

    assertThat(answer.statusCode()).isEqualTo(422);
    assertThat(cluster.send("GET", WEB, null, null).statusCode()).isEqualTo(404);
  }

  private static JsonNode json(String text) throws IOException {
    return Nodes.MAPPER.readTree(text);
  }
}
