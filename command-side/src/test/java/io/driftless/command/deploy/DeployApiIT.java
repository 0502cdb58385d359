package io.driftless.command.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.command.change.OpenChangeRecovery;
import io.driftless.command.support.Api;
import io.driftless.command.support.OpenChanges;
import io.driftless.command.support.RefusingCluster;
import io.driftless.command.support.TestCluster;
import io.driftless.events.testing.LocalServices;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.net.http.HttpResponse;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.spring.messaging.unitofwork.SpringTransactionManager;
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
 * The deploy API over HTTP against the sandbox cluster and the machine's MariaDB: kapp's answers
 * for the simple-app walkthrough, and every bad input rejected with nothing stored or applied.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@Import(RefusingCluster.class)
class DeployApiIT {

  private static final ObjectMapper JSON = new ObjectMapper();

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    registry.add("spring.datasource.url", () -> LocalServices.freshDatabase("driftless_deploy_it"));
    registry.add("spring.datasource.username", LocalServices::jdbcUser);
    registry.add("spring.datasource.password", LocalServices::jdbcPassword);
    var kubeconfig = TestCluster.kubeconfig();
    registry.add("driftless.cluster.kubeconfig", () -> kubeconfig);
    registry.add("driftless.deploy.max-body-bytes", () -> 200_000);
    registry.add("driftless.deploy.max-resources", () -> 50);
    registry.add("driftless.deploy.max-nesting-depth", () -> 20);
    registry.add("driftless.snapshot.threshold", () -> 3);
  }

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  @Autowired KubernetesClient cluster;
  @Autowired CommandGateway commands;
  @Autowired OpenChangeRecovery recovery;
  @Autowired TransactionManager axonTransactions;

  private Api api;

  @BeforeEach
  void setUp() {
    api = new Api(port);
  }

  private long storedEvents() {
    return jdbc.queryForObject("SELECT COUNT(*) FROM domain_event_entry", Long.class);
  }

  private static JsonNode json(HttpResponse<String> response) throws Exception {
    return JSON.readTree(response.body());
  }

  @Test
  void simpleAppWalkthroughAnswersAsKappDoes() throws Exception {
    var v1 = api.deployYaml("simple-app", Api.example("simple-app-v1.yml"));
    assertThat(v1.statusCode()).as(v1.body()).isEqualTo(200);
    assertThat(json(v1).get("description").asText())
        .isEqualTo(
            "update: Op: 2 create, 0 delete, 0 update, 0 noop, 0 exists"
                + " / Wait to: 2 reconcile, 0 delete, 0 noop");
    assertThat(json(v1).get("changeId").asText()).isEqualTo("simple-app-change-000001");
    assertThat(cluster.apps().deployments().inNamespace("default").withName("simple-app").get())
        .isNotNull();

    var v2 = api.deployYaml("simple-app", Api.example("simple-app-v2.yml"));
    assertThat(v2.statusCode()).as(v2.body()).isEqualTo(200);
    assertThat(json(v2).get("description").asText())
        .startsWith("update: Op: 2 create, 1 delete, 1 update, 0 noop, 0 exists");
    assertThat(json(v2).get("changeId").asText()).isEqualTo("simple-app-change-000002");
    assertThat(cluster.services().inNamespace("default").withName("simple-app").get()).isNull();
    assertThat(cluster.configMaps().inNamespace("default").withName("simple-app").get())
        .isNotNull();

    assertThat(
            jdbc.queryForList(
                "SELECT CAST(meta_data AS CHAR) FROM domain_event_entry", String.class))
        .as("every event carries the correlation id of the command that produced it")
        .isNotEmpty()
        .allSatisfy(metaData -> assertThat(metaData).contains("\"correlationId\":\""));

    var before = storedEvents();
    var again = api.deployYaml("simple-app", Api.example("simple-app-v2.yml"));
    assertThat(again.statusCode()).isEqualTo(200);
    assertThat(json(again).get("changeId").isNull()).isTrue();
    assertThat(json(again).get("changes")).isEmpty();
    // kapp prunes unchanged resources from its counts: an unchanged redeploy counts nothing
    assertThat(json(again).get("ops").get("noop").asInt()).isZero();
    assertThat(json(again).get("description").asText())
        .isEqualTo(
            "update: Op: 0 create, 0 delete, 0 update, 0 noop, 0 exists"
                + " / Wait to: 0 reconcile, 0 delete, 0 noop");
    assertThat(json(again).get("warnings")).isEmpty();
    assertThat(storedEvents()).isEqualTo(before);

    assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM snapshot_event_entry", Long.class))
        .as("the App is loaded from a snapshot after 3 events")
        .isPositive();

    var deleted = api.delete("simple-app");
    assertThat(deleted.statusCode()).as(deleted.body()).isEqualTo(200);
    assertThat(json(deleted).get("description").asText())
        .startsWith("delete: Op: 0 create, 3 delete, 0 update");
    assertThat(cluster.apps().deployments().inNamespace("default").withName("simple-app").get())
        .isNull();
    assertThat(cluster.configMaps().inNamespace("default").withName("simple-app").get()).isNull();
  }

  @Test
  void diffOptionsShowMaskedLineDiffsFilterChangesAndNameWhatDecided() throws Exception {
    var body =
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: creds\nstringData:\n"
            + "  token: s3cr3t-t0ken\n---\n"
            + "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: knobs\ndata:\n  level: high\n";
    var first = api.deploy("diff-app", body, "application/yaml", "?diffChanges=true");
    assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
    assertThat(first.body())
        .contains("@@ create secret/creds (v1) namespace: default @@")
        .contains("value not shown")
        .doesNotContain("s3cr3t-t0ken")
        .doesNotContain("czNjcjN0LXQwa2Vu");

    var knobs = cluster.configMaps().inNamespace("default").withName("knobs");
    knobs.edit(
        cm -> {
          cm.getData().put("level", "low");
          return cm;
        });
    var filtered =
        api.deploy(
            "diff-app",
            body,
            "application/yaml",
            "?diffFilter=%7B%22ops%22%3A%5B%22create%22%5D%7D");
    assertThat(json(filtered).get("changes")).isEmpty();
    assertThat(knobs.get().getData()).containsEntry("level", "low");

    var healed = api.deploy("diff-app", body, "application/yaml", "");
    var field = json(healed).get("changes").get(0).get("fields").get(0);
    assertThat(field.get("path").asText()).isEqualTo("data.level");
    assertThat(field.get("decidedBy").asText()).isEqualTo("live");
    assertThat(json(healed).get("changes").get(0).has("diff")).isFalse();
    assertThat(knobs.get().getData()).containsEntry("level", "high");
    var again = api.deploy("diff-app", body, "application/yaml", "");
    assertThat(json(again).get("changeId").isNull()).as(again.body()).isTrue();
  }

  @Test
  void jsonBodyDeploysLikeYaml() throws Exception {
    var body =
        "{\"resources\":[{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\","
            + "\"metadata\":{\"name\":\"json-cm\"},\"data\":{\"a\":\"b\"}}]}";
    var response = api.deploy("json-app", body, "application/json", "");
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    assertThat(json(response).get("ops").get("create").asInt()).isEqualTo(1);
    assertThat(cluster.configMaps().inNamespace("default").withName("json-cm").get().getData())
        .containsEntry("a", "b");
  }

  @Test
  void dryRunPlansWithoutStoringOrApplying() throws Exception {
    var before = storedEvents();
    var response =
        api.deploy(
            "dry-app",
            Api.example("simple-app-v1.yml").replace("simple-app", "dry-app"),
            "application/yaml",
            "?dryRun=true");
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(json(response).get("dryRun").asBoolean()).isTrue();
    assertThat(json(response).get("changeId").isNull()).isTrue();
    assertThat(json(response).get("ops").get("create").asInt()).isEqualTo(2);
    assertThat(storedEvents()).isEqualTo(before);
    assertThat(cluster.apps().deployments().inNamespace("default").withName("dry-app").get())
        .isNull();
  }

  private void assertRejected(HttpResponse<String> response, int status, String code)
      throws Exception {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    var error = json(response);
    assertThat(error.get("error").asText()).isEqualTo(code);
    assertThat(error.get("message").asText()).isNotBlank();
    assertThat(error.has("details")).isTrue();
  }

  @Test
  void badInputIsRejectedAndStoresNothing() throws Exception {
    var before = storedEvents();
    var good = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ok\n";

    assertRejected(api.deployYaml("bad", "a: [unclosed"), 400, "unparsable_body");
    assertRejected(api.deploy("bad", "{not json", "application/json", ""), 400, "unparsable_body");
    assertRejected(
        api.deployYaml("bad", good + "---\nkind: ConfigMap\nmetadata:\n  name: x\n"),
        422,
        "invalid_resources");
    assertRejected(
        api.deployYaml("bad", good + "---\napiVersion: v1\nkind: ConfigMap\n"),
        422,
        "invalid_resources");
    assertRejected(
        api.deployYaml("bad", good + "---\n" + good + "data:\n  differs: x\n"),
        422,
        "invalid_resources");
    assertRejected(
        api.deployYaml("bad", good.replace("name: ok", "name: Not_Valid")),
        422,
        "invalid_resources");
    assertRejected(api.deployYaml("Bad_App", good), 422, "invalid_resources");
    assertRejected(
        api.deployYaml("bad", good + "data:\n  big: " + "x".repeat(250_000) + "\n"),
        413,
        "too_large");
    var many = new StringBuilder();
    for (int i = 0; i < 51; i++) {
      many.append(good.replace("name: ok", "name: cm-" + i)).append("---\n");
    }
    assertRejected(api.deployYaml("bad", many.toString()), 413, "too_large");

    assertThat(storedEvents()).isEqualTo(before);
    assertThat(cluster.configMaps().inNamespace("default").withName("ok").get()).isNull();
  }

  @Test
  void nestingPastTheSettingIsRefusedInTheSameWordsForYamlAndJson() throws Exception {
    var before = storedEvents();
    var head = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: nested\nspec: ";
    var within = head + "{a: ".repeat(19) + "1" + "}".repeat(19) + "\n";
    var deeper = head + "{a: ".repeat(20) + "1" + "}".repeat(20) + "\n";
    var deeperJson =
        "{\"resources\": [{\"apiVersion\": \"v1\", \"kind\": \"ConfigMap\","
            + " \"metadata\": {\"name\": \"nested\"}, \"spec\": "
            + "{\"a\": ".repeat(18)
            + "1"
            + "}".repeat(18)
            + "}]}";

    var accepted = api.deploy("nested", within, "application/yaml", "?dryRun=true");
    var yaml = api.deployYaml("nested", deeper);
    var json = api.deploy("nested", deeperJson, "application/json", "");

    assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(200);
    assertRejected(yaml, 400, "unparsable_body");
    assertRejected(json, 400, "unparsable_body");
    assertThat(json(yaml).get("message").asText())
        .isEqualTo("The manifest nests maps and lists deeper than 20 levels.")
        .isEqualTo(json(json).get("message").asText());
    assertThat(json(yaml).get("details").get(0).asText())
        .isEqualTo("document 1: nested more than 20 levels deep");
    assertThat(json(json).get("details").get(0).asText())
        .startsWith("resources[0].spec.a.a.a")
        .endsWith(": nested 21 levels deep");
    assertThat(storedEvents()).isEqualTo(before);
  }

  @Test
  void deployDuringAnotherChangeIsRejectedWith409() throws Exception {
    commands.sendAndWait(OpenChanges.firstChangeOf("default/busy-app"));
    var before = storedEvents();

    var response =
        api.deployYaml(
            "busy-app", Api.example("simple-app-v1.yml").replace("simple-app", "busy-app"));

    assertRejected(response, 409, "change_in_progress");
    assertThat(storedEvents()).isEqualTo(before);
    assertThat(cluster.apps().deployments().inNamespace("default").withName("busy-app").get())
        .isNull();
  }

  @Test
  void changeLeftOpenByACrashIsClosedAsFailedOnStart() throws Exception {
    commands.sendAndWait(OpenChanges.firstChangeOf("default/crashed-app"));

    recovery.run(null);

    var types =
        jdbc.queryForList(
            "SELECT payload_type FROM domain_event_entry WHERE aggregate_identifier = ?"
                + " ORDER BY sequence_number",
            String.class,
            "default/crashed-app");
    assertThat(types)
        .containsExactly(
            "io.driftless.events.AppChangeStarted", "io.driftless.events.AppChangeFinished");
    var next =
        api.deployYaml(
            "crashed-app", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: after-crash\n");
    assertThat(next.statusCode()).as(next.body()).isEqualTo(200);
    assertThat(json(next).get("changeId").asText()).isEqualTo("crashed-app-change-000002");
  }

  @Test
  void axonRunsInSpringTransactionsNotTheNoOpManager() {
    assertThat(axonTransactions).isInstanceOf(SpringTransactionManager.class);
  }

  @Test
  void clusterRefusalRecordsTheChangeAsFailedAndAnswers502() throws Exception {
    var body =
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: accepted\n---\n"
            + "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: "
            + RefusingCluster.REFUSED
            + "\n";

    var response = api.deployYaml("refused-app", body);

    assertRejected(response, 502, "cluster_error");
    assertThat(json(response).get("details").get(0).asText())
        .isEqualTo("changeId: refused-app-change-000001");
    var types =
        jdbc.queryForList(
            "SELECT payload_type FROM domain_event_entry WHERE aggregate_identifier LIKE ?"
                + " ORDER BY global_index",
            String.class,
            "default/refused-app%");
    // Both ConfigMaps are in one apply wave, written at once: their events in either order.
    assertThat(types).hasSize(4);
    assertThat(types.get(0)).isEqualTo("io.driftless.events.AppChangeStarted");
    assertThat(types.subList(1, 3))
        .containsExactlyInAnyOrder(
            "io.driftless.events.ResourceCreated", "io.driftless.events.ResourceApplyFailed");
    assertThat(types.get(3)).isEqualTo("io.driftless.events.AppChangeFinished");
    var successful =
        jdbc.queryForObject(
            "SELECT COUNT(*) FROM domain_event_entry WHERE aggregate_identifier = ?"
                + " AND payload_type LIKE '%AppChangeFinished' AND payload LIKE ?",
            Long.class, "default/refused-app", "%\"successful\":false%");
    assertThat(successful).isEqualTo(1);
  }

  @Test
  void deletingAnUnknownAppIs404() throws Exception {
    assertRejected(api.delete("never-deployed"), 404, "not_found");
  }
}
