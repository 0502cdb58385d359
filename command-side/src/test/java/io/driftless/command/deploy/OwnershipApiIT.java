package io.driftless.command.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.command.support.Api;
import io.driftless.command.support.RefusingCluster;
import io.driftless.command.support.TestCluster;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.events.testing.LocalServices;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * App ownership over HTTP against the sandbox and a fresh MariaDB database (issue "deploy safety",
 * point 2): the labels on every write, the 409 for objects of another app with nothing stored or
 * written, the takeover with {@code overrideOwnership=true} recorded on both apps, adoption of
 * unlabelled objects, deletes and prunes that leave foreign objects alone, and the 502 body of a
 * refused change.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@Import(RefusingCluster.class)
class OwnershipApiIT {

  private static final ObjectMapper JSON = new ObjectMapper();

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    registry.add("spring.datasource.url", () -> LocalServices.freshDatabase("driftless_owner_it"));
    registry.add("spring.datasource.username", LocalServices::jdbcUser);
    registry.add("spring.datasource.password", LocalServices::jdbcPassword);
    var kubeconfig = TestCluster.kubeconfig();
    registry.add("driftless.cluster.kubeconfig", () -> kubeconfig);
  }

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  @Autowired KubernetesClient cluster;

  private Api api;

  @BeforeEach
  void setUp() {
    api = new Api(port);
  }

  private static String configMaps(String... names) {
    var yaml = new StringBuilder();
    for (var name : names) {
      yaml.append("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ")
          .append(name)
          .append("\ndata:\n  owner: someone\n---\n");
    }
    return yaml.toString();
  }

  /** A ConfigMap with one kapp annotation. */
  private static String grouped(String name, String annotation) {
    return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: "
        + name
        + "\n  annotations:\n    "
        + annotation
        + "\ndata:\n  owner: someone\n---\n";
  }

  private ConfigMap configMap(String name) {
    return cluster.configMaps().inNamespace("default").withName(name).get();
  }

  private String appLabelOf(String name) {
    return configMap(name).getMetadata().getLabels().get("driftless.io/app");
  }

  private long storedEvents() {
    return jdbc.queryForObject("SELECT COUNT(*) FROM domain_event_entry", Long.class);
  }

  private List<String> eventTypes(String aggregateId) {
    return jdbc.queryForList(
        "SELECT payload_type FROM domain_event_entry WHERE aggregate_identifier = ?"
            + " ORDER BY sequence_number",
        String.class,
        aggregateId);
  }

  private static JsonNode json(HttpResponse<String> response) throws Exception {
    return JSON.readTree(response.body());
  }

  private static JsonNode ok(HttpResponse<String> response) throws Exception {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return json(response);
  }

  @Test
  void createdAndUpdatedObjectsCarryTheAppLabelsWhichNeverMakeADiff() throws Exception {
    ok(api.deployYaml("labels-app", configMaps("labelled")));
    var labels = configMap("labelled").getMetadata().getLabels();
    assertThat(labels)
        .containsEntry("driftless.io/app", "labels-app.default")
        .containsEntry(
            "driftless.io/association",
            io.driftless.command.ownership.AppLabels.associationLabel(
                new ResourceKey("", "ConfigMap", "default", "labelled")));
    assertThat(configMap("labelled").getMetadata().getAnnotations())
        .containsEntry("driftless.io/app-id", "default/labels-app");

    var updated =
        ok(api.deployYaml("labels-app", configMaps("labelled").replace("someone", "else")));
    assertThat(updated.at("/changes/0/op").asText()).isEqualTo("update");
    assertThat(updated.at("/changes/0/fields").size()).isEqualTo(1);
    assertThat(updated.at("/changes/0/result").asText()).isEqualTo("applied");
    assertThat(appLabelOf("labelled")).isEqualTo("labels-app.default");

    var again = ok(api.deployYaml("labels-app", configMaps("labelled").replace("someone", "else")));
    assertThat(again.get("changeId").isNull()).as(again.toString()).isTrue();
  }

  @Test
  void secondAppTouchingAnotherAppsObjectsIsRefusedWith409AndWritesNothing() throws Exception {
    ok(api.deployYaml("owner-one", configMaps("shared-a", "shared-b")));
    var versionBefore = configMap("shared-a").getMetadata().getResourceVersion();
    var before = storedEvents();

    for (var query : List.of("", "?dryRun=true")) {
      var refused =
          api.deploy(
              "owner-two",
              configMaps("shared-a", "shared-b", "two-only"),
              "application/yaml",
              query);

      assertThat(refused.statusCode()).as(refused.body()).isEqualTo(409);
      var error = json(refused);
      assertThat(error.get("error").asText()).isEqualTo("ownership_conflict");
      assertThat(error.get("message").asText()).startsWith("Ownership errors: 2 resources");
      assertThat(error.get("details"))
          .extracting(JsonNode::asText)
          .containsExactly(
              "Resource 'configmap/shared-a (v1) namespace: default' is already associated with a"
                  + " different app 'owner-one' namespace: default"
                  + " (label 'driftless.io/app=owner-one.default')",
              "Resource 'configmap/shared-b (v1) namespace: default' is already associated with a"
                  + " different app 'owner-one' namespace: default"
                  + " (label 'driftless.io/app=owner-one.default')");
    }
    assertThat(storedEvents()).isEqualTo(before);
    assertThat(configMap("two-only")).isNull();
    assertThat(configMap("shared-a").getMetadata().getResourceVersion()).isEqualTo(versionBefore);
    assertThat(appLabelOf("shared-a")).isEqualTo("owner-one.default");
  }

  @Test
  void overrideOwnershipTakesObjectsOverAndTheOldAppLeavesThemAlone() throws Exception {
    ok(api.deployYaml("taken-from", configMaps("taken-a", "taken-b", "kept-by-from")));

    var takeover =
        ok(
            api.deploy(
                "taker",
                configMaps("taken-a", "taken-b"),
                "application/yaml",
                "?overrideOwnership=true"));

    assertThat(takeover.get("description").asText()).contains("0 create, 0 delete, 2 update");
    var field = takeover.at("/changes/0/fields/0");
    assertThat(field.get("path").asText()).isEqualTo("metadata.labels[\"driftless.io/app\"]");
    assertThat(field.get("from").asText()).isEqualTo("taken-from.default");
    assertThat(field.get("to").asText()).isEqualTo("taker.default");
    assertThat(field.get("decidedBy").asText()).isEqualTo("overrideOwnership");
    assertThat(appLabelOf("taken-a")).isEqualTo("taker.default");
    assertThat(eventTypes("default/taken-from/core/ConfigMap/default/taken-a"))
        .containsExactly(
            "io.driftless.events.ResourceCreated", "io.driftless.events.ResourceDisowned");
    assertThat(eventTypes("default/taker/core/ConfigMap/default/taken-a"))
        .containsExactly("io.driftless.events.ResourceUpdated");

    var prune = ok(api.deployYaml("taken-from", configMaps("kept-by-from")));
    assertThat(prune.get("changeId").isNull()).as(prune.toString()).isTrue();
    assertThat(configMap("taken-a")).isNotNull();

    var deleted = ok(api.delete("taken-from"));
    assertThat(deleted.get("description").asText()).startsWith("delete: Op: 0 create, 1 delete");
    assertThat(configMap("kept-by-from")).isNull();
    assertThat(configMap("taken-a")).isNotNull();
    assertThat(configMap("taken-b")).isNotNull();
    assertThat(eventTypes("default/taken-from")).endsWith("io.driftless.events.AppDeleted");
  }

  @Test
  void deletingAnAppWhoseObjectsWereAllTakenOverClosesTheAppAndDeletesNothing() throws Exception {
    ok(api.deployYaml("all-taken", configMaps("all-taken-cm")));
    ok(
        api.deploy(
            "all-taker",
            configMaps("all-taken-cm"),
            "application/yaml",
            "?overrideOwnership=true"));

    var deleted = ok(api.delete("all-taken"));

    assertThat(deleted.get("changeId").asText()).isEqualTo("all-taken-change-000002");
    assertThat(deleted.get("description").asText()).startsWith("delete: Op: 0 create, 0 delete");
    assertThat(configMap("all-taken-cm")).isNotNull();
    assertThat(eventTypes("default/all-taken")).endsWith("io.driftless.events.AppDeleted");
    assertThat(api.delete("all-taken").statusCode()).isEqualTo(404);
  }

  @Test
  void unlabelledObjectThatAlreadyExistsIsAdopted() throws Exception {
    cluster
        .configMaps()
        .inNamespace("default")
        .resource(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withName("made-by-hand")
                .endMetadata()
                .withData(Map.of("owner", "someone"))
                .build())
        .create();

    var adopted = ok(api.deployYaml("adopter", configMaps("made-by-hand")));

    assertThat(adopted.at("/changes/0/op").asText()).isEqualTo("update");
    assertThat(adopted.at("/changes/0/fields/0/from").isNull()).isTrue();
    assertThat(adopted.at("/changes/0/fields/0/decidedBy").asText()).isEqualTo("adopt");
    assertThat(appLabelOf("made-by-hand")).isEqualTo("adopter.default");
    ok(api.delete("adopter"));
    assertThat(configMap("made-by-hand")).isNull();
  }

  @Test
  void objectWrittenByAnOlderDriftlessRedeploysAsNoopAndIsStillDeleted() throws Exception {
    ok(api.deployYaml("older-app", configMaps("no-labels-yet")));
    // An older Driftless wrote no labels: take ours off, as if it had written the object.
    cluster
        .configMaps()
        .inNamespace("default")
        .withName("no-labels-yet")
        .edit(
            cm -> {
              cm.getMetadata().setLabels(null);
              cm.getMetadata().setAnnotations(null);
              return cm;
            });

    var again = ok(api.deployYaml("older-app", configMaps("no-labels-yet")));
    assertThat(again.get("changeId").isNull()).as(again.toString()).isTrue();

    ok(api.delete("older-app"));
    assertThat(configMap("no-labels-yet")).isNull();
  }

  @Test
  void pruneLeavesAnObjectRelabelledForAnotherApp() throws Exception {
    ok(api.deployYaml("pruner", configMaps("prune-me", "relabelled")));
    cluster
        .configMaps()
        .inNamespace("default")
        .withName("relabelled")
        .edit(
            cm -> {
              cm.getMetadata().getLabels().put("driftless.io/app", "someone-else.default");
              return cm;
            });

    var pruned = ok(api.deployYaml("pruner", configMaps("kept")));

    assertThat(pruned.get("description").asText()).contains("1 create, 1 delete");
    assertThat(configMap("prune-me")).isNull();
    assertThat(configMap("relabelled")).isNotNull();
  }

  @Test
  void manifestSettingDriftlessLabelsIsRefusedWith422() throws Exception {
    var before = storedEvents();
    var body =
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: sneaky\n  labels:\n"
            + "    driftless.io/app: someone.default\n";

    var refused = api.deployYaml("sneaky-app", body);

    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(422);
    assertThat(json(refused).get("error").asText()).isEqualTo("invalid_resources");
    assertThat(json(refused).at("/details/0").asText())
        .isEqualTo(
            "configmap/sneaky (v1) namespace: default: label 'driftless.io/app' is reserved for"
                + " Driftless");
    assertThat(storedEvents()).isEqualTo(before);
    assertThat(configMap("sneaky")).isNull();
  }

  @Test
  void refusedChangeAnswersThePlanWithEachChangesResultInApplyOrder() throws Exception {
    // The last ConfigMap waits for the other two (a later wave): kapp finishes the refused change's
    // wave but starts no further wave, so it is never sent.
    var body =
        grouped("before-refusal", "kapp.k14s.io/change-group: first")
            + grouped(RefusingCluster.REFUSED, "kapp.k14s.io/change-group: first")
            + grouped("after-refusal", "kapp.k14s.io/change-rule: upsert after upserting first");

    var response = api.deployYaml("half-applied", body);

    assertThat(response.statusCode()).as(response.body()).isEqualTo(502);
    var failure = json(response);
    assertThat(failure.get("error").asText()).isEqualTo("cluster_error");
    assertThat(failure.get("message").asText()).contains("denied");
    assertThat(failure.get("details").get(0).asText())
        .isEqualTo("changeId: half-applied-change-000001");
    assertThat(failure.get("app").asText()).isEqualTo("default/half-applied");
    assertThat(failure.get("changeId").asText()).isEqualTo("half-applied-change-000001");
    assertThat(failure.get("successful").asBoolean()).isFalse();
    assertThat(failure.get("description").asText()).contains("Op: 3 create");
    assertThat(failure.at("/ops/create").asInt()).isEqualTo(3);
    assertThat(failure.at("/wait/reconcile").asInt()).isEqualTo(3);
    var results = new ArrayList<String>();
    failure
        .get("changes")
        .forEach(c -> results.add(c.get("name").asText() + "=" + c.get("result").asText()));
    assertThat(results)
        .containsExactly(
            "before-refusal=applied",
            RefusingCluster.REFUSED + "=failed",
            "after-refusal=not applied");
    assertThat(configMap("before-refusal")).isNotNull();
    assertThat(configMap("after-refusal")).isNull();
  }
}
