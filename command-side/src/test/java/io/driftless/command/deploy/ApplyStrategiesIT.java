package io.driftless.command.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.command.support.Api;
import io.driftless.command.support.ScriptedCluster;
import io.driftless.command.support.TestCluster;
import io.driftless.events.testing.LocalServices;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
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
 * kapp's apply strategies and annotations over HTTP against the sandbox and a fresh MariaDB
 * database, from kapp's e2e tests ({@code test/e2e/create_fallback_on_update_test.go}, {@code
 * update_replace_test.go}, {@code delete_orphan_test.go}, {@code exists_ann_test.go}, {@code
 * noop_ann_test.go}): same inputs, same expected objects. {@link ScriptedCluster} plays the other
 * writers and scripted refusals; the sandbox refuses changed immutable fields itself, as an API
 * server.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@Import(ScriptedCluster.class)
class ApplyStrategiesIT {

  private static final ObjectMapper JSON = new ObjectMapper();

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    registry.add("spring.datasource.url", () -> LocalServices.freshDatabase("driftless_apply_it"));
    registry.add("spring.datasource.username", LocalServices::jdbcUser);
    registry.add("spring.datasource.password", LocalServices::jdbcPassword);
    var kubeconfig = TestCluster.kubeconfig();
    registry.add("driftless.cluster.kubeconfig", () -> kubeconfig);
  }

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  @Autowired KubernetesClient cluster;
  @Autowired ScriptedCluster scripted;

  private Api api;

  @BeforeEach
  void setUp() {
    api = new Api(port);
  }

  private static String redisService(String name, String annotation, boolean headless) {
    return "apiVersion: v1\nkind: Service\nmetadata:\n  name: "
        + name
        + "\n"
        + (annotation.isEmpty() ? "" : "  annotations:\n    " + annotation + "\n")
        + "spec:\n"
        + (headless ? "  clusterIP: None\n" : "")
        + "  ports:\n  - port: 6380\n    targetPort: 6380\n"
        + "  selector:\n    app: redis\n    tier: backend\n";
  }

  private static String configMap(String name, String annotation, String value) {
    return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: "
        + name
        + "\n"
        + (annotation.isEmpty() ? "" : "  annotations:\n    " + annotation + "\n")
        + "data:\n  key: "
        + value
        + "\n";
  }

  private ConfigMap configMapIn(String name) {
    return cluster.configMaps().inNamespace("default").withName(name).get();
  }

  private String serviceUid(String name) {
    return cluster.services().inNamespace("default").withName(name).get().getMetadata().getUid();
  }

  private List<String> payloads(String aggregateId) {
    return jdbc.queryForList(
        "SELECT CAST(payload AS CHAR) FROM domain_event_entry WHERE aggregate_identifier = ?"
            + " ORDER BY sequence_number",
        String.class,
        aggregateId);
  }

  private static JsonNode ok(HttpResponse<String> response) throws Exception {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  private static JsonNode failed(HttpResponse<String> response) throws Exception {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(502);
    return JSON.readTree(response.body());
  }

  private void someoneCreates(String name, String value) {
    cluster
        .configMaps()
        .inNamespace("default")
        .resource(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withName(name)
                .endMetadata()
                .addToData("key", value)
                .build())
        .create();
  }

  @Test
  void createFallbackOnUpdateUpdatesAnObjectSomeoneElseCreatedFirst() throws Exception {
    scripted.beforeCreate("plain-create", () -> someoneCreates("plain-create", "theirs"));
    var refused = failed(api.deployYaml("no-fallback", configMap("plain-create", "", "ours")));
    assertThat(refused.get("message").asText()).contains("409").contains("plain-create");

    var annotation = "kapp.k14s.io/create-strategy: fallback-on-update";
    scripted.beforeCreate("fallback-create", () -> someoneCreates("fallback-create", "theirs"));
    var deployed = ok(api.deployYaml("fallback", configMap("fallback-create", annotation, "ours")));

    assertThat(deployed.at("/changes/0/result").asText()).isEqualTo("applied");
    assertThat(configMapIn("fallback-create").getData()).containsEntry("key", "ours");
    assertThat(configMapIn("fallback-create").getMetadata().getLabels())
        .containsEntry("driftless.io/app", "fallback.default");
    var again = ok(api.deployYaml("fallback", configMap("fallback-create", annotation, "ours")));
    assertThat(again.get("changes")).isEmpty();
  }

  @Test
  void createFallbackOnUpdateOrNoopLeavesAnEqualObjectAlone() throws Exception {
    var annotation = "kapp.k14s.io/create-strategy: fallback-on-update-or-noop";
    var object = configMap("precious-resource", annotation, "'true'");
    scripted.beforeCreate(
        "precious-resource",
        () ->
            cluster
                .configMaps()
                .inNamespace("default")
                .resource(
                    new ConfigMapBuilder()
                        .withNewMetadata()
                        .withName("precious-resource")
                        .addToAnnotations(
                            "kapp.k14s.io/create-strategy", "fallback-on-update-or-noop")
                        .endMetadata()
                        .addToData("key", "true")
                        .build())
                .create());
    var deployed = ok(api.deployYaml("precious", object));

    // The re-planned change is a noop: nothing written, so the object is not labelled for the app.
    assertThat(deployed.at("/changes/0/result").asText()).isEqualTo("applied");
    assertThat(configMapIn("precious-resource").getMetadata().getLabels()).isNullOrEmpty();
    assertThat(payloads("default/precious/core/ConfigMap/default/precious-resource")).isEmpty();
  }

  @Test
  void updateFallbackOnReplaceReplacesAnObjectTheClusterRefusesToUpdate() throws Exception {
    ok(api.deployYaml("replace-fallback", redisService("redis-primary", "", false)));
    var before = serviceUid("redis-primary");

    scripted.refuseUpdate("redis-primary", 422);
    var plain = failed(api.deployYaml("replace-fallback", redisService("redis-primary", "", true)));
    assertThat(plain.at("/changes/0/result").asText()).isEqualTo("failed");
    assertThat(serviceUid("redis-primary")).isEqualTo(before);

    scripted.refuseUpdate("redis-primary", 422);
    var annotation = "kapp.k14s.io/update-strategy: fallback-on-replace";
    ok(api.deployYaml("replace-fallback", redisService("redis-primary", annotation, true)));
    var replaced = serviceUid("redis-primary");
    assertThat(replaced).isNotEqualTo(before);
    assertThat(cluster.services().inNamespace("default").withName("redis-primary").get())
        .satisfies(s -> assertThat(s.getSpec().getClusterIP()).isEqualTo("None"));

    ok(api.deployYaml("replace-fallback", redisService("redis-primary", annotation, false)));
    assertThat(serviceUid("redis-primary")).isEqualTo(replaced);
  }

  @Test
  void updateFallbackOnReplaceReplacesWhatTheSandboxRefusesLikeAnApiServer() throws Exception {
    // No script this time: the sandbox refuses a changed clusterIP (immutable) with 422 Invalid.
    ok(api.deployYaml("replace-sandbox", redisService("redis-sandbox", "", false)));
    var before = serviceUid("redis-sandbox");

    var plain = failed(api.deployYaml("replace-sandbox", redisService("redis-sandbox", "", true)));
    assertThat(plain.at("/changes/0/result").asText()).isEqualTo("failed");
    assertThat(plain.get("message").asText()).contains("immutable");
    assertThat(serviceUid("redis-sandbox")).isEqualTo(before);

    var annotation = "kapp.k14s.io/update-strategy: fallback-on-replace";
    ok(api.deployYaml("replace-sandbox", redisService("redis-sandbox", annotation, true)));
    assertThat(serviceUid("redis-sandbox")).isNotEqualTo(before);
    assertThat(cluster.services().inNamespace("default").withName("redis-sandbox").get())
        .satisfies(s -> assertThat(s.getSpec().getClusterIP()).isEqualTo("None"));
  }

  @Test
  void aDeploymentSwitchedToRecreateLosesTheDefaultedRollingUpdate() throws Exception {
    var deployment =
        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n"
            + "  selector:\n    matchLabels:\n      app: web\n"
            + "  template:\n    metadata:\n      labels:\n        app: web\n"
            + "    spec:\n      containers:\n      - name: web\n        image: nginx:1.25\n";
    ok(api.deployYaml("recreate", deployment));
    var live = cluster.apps().deployments().inNamespace("default").withName("web").get();
    assertThat(live.getSpec().getStrategy().getRollingUpdate()).isNotNull();

    ok(api.deployYaml("recreate", deployment + "  strategy:\n    type: Recreate\n"));

    var after = cluster.apps().deployments().inNamespace("default").withName("web").get();
    assertThat(after.getSpec().getStrategy().getType()).isEqualTo("Recreate");
    assertThat(after.getSpec().getStrategy().getRollingUpdate()).isNull();
  }

  @Test
  void updateAlwaysReplaceGivesTheObjectANewUid() throws Exception {
    ok(api.deployYaml("replace-always", redisService("redis-always", "", false)));
    var before = serviceUid("redis-always");

    var annotation = "kapp.k14s.io/update-strategy: always-replace";
    ok(api.deployYaml("replace-always", redisService("redis-always", annotation, true)));

    var after = serviceUid("redis-always");
    assertThat(after).isNotEqualTo(before);
    assertThat(payloads("default/replace-always/core/Service/default/redis-always"))
        .hasSize(2)
        .allSatisfy(p -> assertThat(p).contains("\"resourceVersion\""));
    ok(api.deployYaml("replace-always", redisService("redis-always", "", true)));
    assertThat(serviceUid("redis-always")).isEqualTo(after);
  }

  @Test
  void updateSkipNeverUpdatesAnExistingObject() throws Exception {
    var annotation = "kapp.k14s.io/update-strategy: skip";
    ok(api.deployYaml("skipper", configMap("skipped", annotation, "first")));
    var version = configMapIn("skipped").getMetadata().getResourceVersion();

    var second = ok(api.deployYaml("skipper", configMap("skipped", annotation, "second")));

    assertThat(second.at("/changes/0/op").asText()).isEqualTo("update");
    assertThat(configMapIn("skipped").getData()).containsEntry("key", "first");
    assertThat(configMapIn("skipped").getMetadata().getResourceVersion()).isEqualTo(version);
  }

  @Test
  void deleteOrphanLeavesTheObjectUnlabelledAndOutOfTheApp() throws Exception {
    var annotation = "kapp.k14s.io/delete-strategy: orphan";
    ok(api.deployYaml("orphaner", configMap("redis-config", annotation, "value")));

    var emptied = ok(api.deploy("orphaner", "", "application/yaml", "?allowEmpty=true"));

    assertThat(emptied.at("/changes/0/op").asText()).isEqualTo("delete");
    assertThat(emptied.at("/changes/0/result").asText()).isEqualTo("applied");
    var orphan = configMapIn("redis-config");
    assertThat(orphan).isNotNull();
    assertThat(orphan.getMetadata().getLabels())
        .doesNotContainKeys("driftless.io/app", "driftless.io/association")
        .containsEntry("driftless.io/orphaned", "");
    assertThat(orphan.getMetadata().getAnnotations()).doesNotContainKey("driftless.io/app-id");
    assertThat(payloads("default/orphaner/core/ConfigMap/default/redis-config"))
        .last()
        .asString()
        .contains("\"orphaned\":true");

    // Another app adopts it, as in kapp's e2e test; deleting the first app leaves it alone.
    ok(api.deployYaml("orphan-adopter", configMap("redis-config", annotation, "value")));
    ok(api.delete("orphaner"));
    assertThat(configMapIn("redis-config").getMetadata().getLabels())
        .containsEntry("driftless.io/app", "orphan-adopter.default");
    ok(api.deployYaml("orphan-adopter", configMap("redis-config", "", "value")));
    ok(api.delete("orphan-adopter"));
    assertThat(configMapIn("redis-config")).isNull();
  }

  @Test
  void existsWaitsUntilSomeoneElseCreatesTheObject() throws Exception {
    var app =
        "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: external\n  annotations:\n"
            + "    kapp.k14s.io/exists: \"\"\n---\n"
            + "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: kapp-config\n"
            + "  namespace: external\n";
    var deploy =
        CompletableFuture.supplyAsync(
            () -> api.deploy("exists-app", app, "application/yaml", "?waitTimeout=60s"));
    await().atMost(Duration.ofSeconds(30)).until(() -> !payloads("default/exists-app").isEmpty());
    assertThat(deploy).isNotDone();
    cluster
        .namespaces()
        .resource(
            new NamespaceBuilder().withNewMetadata().withName("external").endMetadata().build())
        .create();

    var deployed = ok(deploy.get());

    assertThat(deployed.get("changes"))
        .extracting(c -> c.get("name").asText() + ":" + c.get("result").asText())
        .containsExactly("external:applied", "kapp-config:applied");
    assertThat(cluster.configMaps().inNamespace("external").withName("kapp-config").get())
        .isNotNull();
    assertThat(cluster.namespaces().withName("external").get().getMetadata().getLabels())
        .doesNotContainKey("driftless.io/app");
  }

  @Test
  void existsFailsAfterTheWaitTimeoutNamingTheObject() throws Exception {
    var app =
        "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: never-there\n  annotations:\n"
            + "    kapp.k14s.io/exists: \"\"\n---\n"
            + configMap("after-never-there", "", "value");

    var refused = failed(api.deploy("exists-never", app, "application/yaml", "?waitTimeout=1s"));

    assertThat(refused.get("message").asText())
        .contains("namespace/never-there (v1) cluster")
        .contains("does not exist within PT1S");
    assertThat(cluster.namespaces().withName("never-there").get()).isNull();
  }

  @Test
  void noopObjectsAreNeverWritten() throws Exception {
    var app =
        "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: kapp-ns\n---\n"
            + configMap("external-noop", "kapp.k14s.io/noop: \"\"", "ours");

    ok(api.deployYaml("noop-app", app));
    assertThat(cluster.namespaces().withName("kapp-ns").get()).isNotNull();
    assertThat(configMapIn("external-noop")).isNull();

    someoneCreates("external-noop", "theirs");
    var version = configMapIn("external-noop").getMetadata().getResourceVersion();
    ok(api.deployYaml("noop-app", app));
    assertThat(configMapIn("external-noop").getMetadata().getResourceVersion()).isEqualTo(version);
    assertThat(configMapIn("external-noop").getData()).containsEntry("key", "theirs");
  }

  @Test
  void anUpdateRefusedForAConflictIsReplannedAndRetried() throws Exception {
    ok(api.deployYaml("conflicted", configMap("busy", "", "first")));
    scripted.beforeUpdate(
        "busy",
        () ->
            cluster
                .configMaps()
                .inNamespace("default")
                .withName("busy")
                .edit(
                    cm ->
                        new ConfigMapBuilder(cm)
                            .editMetadata()
                            .addToAnnotations("other", "writer")
                            .endMetadata()
                            .build()));

    var deployed = ok(api.deployYaml("conflicted", configMap("busy", "", "second")));

    assertThat(deployed.at("/changes/0/result").asText()).isEqualTo("applied");
    assertThat(configMapIn("busy").getData()).containsEntry("key", "second");
    assertThat(configMapIn("busy").getMetadata().getAnnotations()).containsEntry("other", "writer");
  }

  @Test
  void aConflictThatChangesTheApprovedDiffFails() throws Exception {
    ok(api.deployYaml("contested", configMap("contested-cm", "", "first")));
    scripted.beforeUpdate(
        "contested-cm",
        () ->
            cluster
                .configMaps()
                .inNamespace("default")
                .withName("contested-cm")
                .edit(cm -> new ConfigMapBuilder(cm).addToData("key", "theirs").build()));

    var refused = failed(api.deployYaml("contested", configMap("contested-cm", "", "second")));

    assertThat(refused.get("message").asText()).contains("approved diff no longer matches");
    assertThat(configMapIn("contested-cm").getData()).containsEntry("key", "theirs");
  }

  @Test
  void customResourcesTakePluralAndScopeFromTheirCrd() throws Exception {
    var crd =
        "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n"
            + "  name: gadgets.example.com\nspec:\n  group: example.com\n  scope: Cluster\n"
            + "  names:\n    plural: gadgets\n    singular: gadget\n    kind: Gadget\n"
            + "  versions:\n  - name: v1\n    served: true\n    storage: true\n";
    var gadget =
        "apiVersion: example.com/v1\nkind: Gadget\nmetadata:\n  name: big\nspec:\n  a: 1\n";

    ok(api.deployYaml("gadgets", crd + "---\n" + gadget));

    var stored = cluster.raw("/apis/example.com/v1/gadgets/big");
    assertThat(JSON.readTree(stored).at("/spec/a").asInt()).isEqualTo(1);
    var again = ok(api.deployYaml("gadgets", crd + "---\n" + gadget));
    assertThat(again.get("changes")).isEmpty();
  }

  @Test
  void aPlaceholderCrdIsCompletedFromTheClustersCrd() throws Exception {
    cluster
        .apiextensions()
        .v1()
        .customResourceDefinitions()
        .resource(
            new CustomResourceDefinitionBuilder()
                .withNewMetadata()
                .withName("k8srequiredlabels.constraints.gatekeeper.sh")
                .endMetadata()
                .withNewSpec()
                .withGroup("constraints.gatekeeper.sh")
                .withScope("Cluster")
                .withNewNames()
                .withKind("K8sRequiredLabels")
                .withPlural("k8srequiredlabels")
                .endNames()
                // an API server refuses a CRD without a served storage version (the sandbox too)
                .addNewVersion()
                .withName("v1beta1")
                .withServed(true)
                .withStorage(true)
                .endVersion()
                .endSpec()
                .build())
        .create();
    // kapp's examples/gatekeeper-v3.10.0/exists.yml and a constraint of that kind
    var placeholder =
        "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n"
            + "  name: k8srequiredlabels.constraints.gatekeeper.sh\n  annotations:\n"
            + "    kapp.k14s.io/exists: \"\"\nspec:\n  group: constraints.gatekeeper.sh\n"
            + "  versions:\n    - name: v1beta1\n  names:\n    kind: K8sRequiredLabels\n";
    var constraint =
        "apiVersion: constraints.gatekeeper.sh/v1beta1\nkind: K8sRequiredLabels\nmetadata:\n"
            + "  name: ns-must-have-owner\nspec:\n  parameters:\n    labels: [owner]\n";

    ok(api.deployYaml("gatekeeper", placeholder + "---\n" + constraint));

    var stored =
        cluster.raw("/apis/constraints.gatekeeper.sh/v1beta1/k8srequiredlabels/ns-must-have-owner");
    assertThat(stored).isNotNull();
    assertThat(JSON.readTree(stored).at("/spec/parameters/labels/0").asText()).isEqualTo("owner");
  }

  @Test
  void aCustomResourceWithoutAnyCrdIsRefusedAsTheSendersMistakeNamingTheKind() throws Exception {
    var widget = "apiVersion: nowhere.example/v1\nkind: Widget\nmetadata:\n  name: lost\n";

    var refused = api.deployYaml("lost-widgets", configMap("lost-cm", "", "v") + "---\n" + widget);

    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(422);
    var error = JSON.readTree(refused.body());
    assertThat(error.get("error").asText()).isEqualTo("invalid_resources");
    assertThat(error.get("message").asText())
        .contains("no CustomResourceDefinition declares kind Widget of group nowhere.example");
    assertThat(error.get("details").get(0).asText())
        .isEqualTo("nowhere.example/Widget/default/lost");
    assertThat(payloads("default/lost-widgets")).isEmpty();
    assertThat(configMapIn("lost-cm")).as("nothing applied").isNull();
  }

  @Test
  void anAppEmptiedOnPurposeCanBeDeleted() throws Exception {
    ok(api.deployYaml("emptied", configMap("emptied-cm", "", "value")));
    ok(api.deploy("emptied", "", "application/yaml", "?allowEmpty=true"));
    assertThat(configMapIn("emptied-cm")).isNull();

    var deleted = ok(api.delete("emptied"));

    assertThat(deleted.get("description").asText()).startsWith("delete: Op: 0 create, 0 delete");
    assertThat(payloads("default/emptied")).last().asString().contains("emptied-change-000003");
    assertThat(
            jdbc.queryForList(
                "SELECT payload_type FROM domain_event_entry WHERE aggregate_identifier = ?"
                    + " ORDER BY sequence_number",
                String.class,
                "default/emptied"))
        .last()
        .isEqualTo("io.driftless.events.AppDeleted");
    assertThat(api.delete("emptied").statusCode()).isEqualTo(404);
  }
}
