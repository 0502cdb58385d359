package io.driftless.standalone.kappexamples;

import static io.driftless.standalone.kappexamples.DriftlessApi.body;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.driftless.sandbox.SandboxCluster;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The life of one of kapp's large example apps through the standalone server's HTTP API (issue 11,
 * "How we will know"), checked against the sandbox cluster and the views: a dry run plans every
 * resource and writes nothing; the deploy creates every object where a real API server would serve
 * it; a redeploy with no change is kapp's {@code Op: 0 create, 0 delete, 0 update, 0 noop, 0
 * exists} and stores nothing; the overview and the inventory show every resource; the delete
 * removes every object and the app.
 *
 * <p>Every expected count comes from the manifest ({@link ExampleManifest}). Each test class gets
 * its own server, H2 database and sandbox (a fresh context per class), so that apps sharing objects
 * (knative ships istio) and a test that fails half-way never meet. The app lives in namespace
 * {@code default}, as {@code kapp deploy -a <app>} on a default kubeconfig puts it (kapp's {@code
 * hack/test-external.sh}).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
abstract class KappExampleScenario {

  static final String NAMESPACE = "default";
  static final Duration VIEWS = Duration.ofSeconds(60);

  /** How many reconciles {@link #reconcilesWriteNothing} runs: 100 unless set (issue 12). */
  static final int RECONCILES = Integer.getInteger("driftless.test.reconciles", 100);

  @DynamicPropertySource
  static void embedded(DynamicPropertyRegistry registry) throws Exception {
    var dataDir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "data-");
    registry.add("driftless.data-dir", dataDir::toString);
    registry.add("driftless.sandbox.port", () -> 0);
  }

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  @Autowired KubernetesClient cluster;
  @Autowired SandboxCluster sandboxCluster;

  DriftlessApi api(ExampleApp app) {
    return new DriftlessApi(port, NAMESPACE, app.name());
  }

  SandboxObjects sandbox(Map<String, CustomKind> customKinds) {
    return new SandboxObjects(
        cluster.getMasterUrl().toString(),
        sandboxCluster.token(),
        sandboxCluster.sslContext(),
        NAMESPACE,
        customKinds);
  }

  /** The whole scenario, for an app whose resources need nothing but Driftless. */
  void deployRedeployViewsDelete(ExampleApp app) {
    var manifest = app.manifest();
    var api = api(app);
    var sandbox = sandbox(manifest.customKinds());

    dryRunPlansEveryResource(api, app, manifest, sandbox);
    var deployed = body(api.deploy(app.body(), ""), 200);
    deployCreatedEveryResource(app, manifest, deployed, sandbox);
    redeployChangesNothing(api, app);
    reconcilesWriteNothing(api);
    viewsShowEveryResource(api, app, manifest, deployed);
    deleteRemovesEveryResource(api, manifest, sandbox);
  }

  /** kapp's summary of a deploy of {@code manifest} on a cluster that has none of its objects. */
  static String firstDeployDescription(ExampleManifest manifest) {
    var create = manifest.owned().size();
    var exists = manifest.existing().size();
    return ("update: Op: %d create, 0 delete, 0 update, 0 noop, %d exists"
            + " / Wait to: %d reconcile, 0 delete, 0 noop")
        .formatted(create, exists, create + exists);
  }

  void dryRunPlansEveryResource(
      DriftlessApi api, ExampleApp app, ExampleManifest manifest, SandboxObjects sandbox) {
    var events = events();

    var plan = body(api.deploy(app.body(), "?dryRun=true"), 200);

    assertThat(plan.get("changeId").isNull()).isTrue();
    assertThat(plan.get("dryRun").asBoolean()).isTrue();
    assertFirstDeployPlan(plan, manifest);
    assertThat(events()).as("events stored by a dry run").isEqualTo(events);
    assertThat(sandbox.present(manifest.resources())).as("objects written by a dry run").isEmpty();
  }

  /** The plan of a first deploy: kapp's counts and one change per distinct resource. */
  static void assertFirstDeployPlan(JsonNode response, ExampleManifest manifest) {
    var create = manifest.owned().size();
    var exists = manifest.existing().size();
    assertThat(response.get("description").asText()).isEqualTo(firstDeployDescription(manifest));
    assertThat(counts(response.get("ops")))
        .isEqualTo(Map.of("create", create, "delete", 0, "update", 0, "noop", 0, "exists", exists));
    assertThat(counts(response.get("wait")))
        .isEqualTo(Map.of("reconcile", create + exists, "delete", 0, "noop", 0));
    assertThat(changeKeys(response, manifest))
        .containsExactlyInAnyOrderElementsOf(
            manifest.resources().stream().map(ExpectedResource::key).toList());
  }

  void deployCreatedEveryResource(
      ExampleApp app, ExampleManifest manifest, JsonNode deployed, SandboxObjects sandbox) {
    assertThat(deployed.get("successful").asBoolean()).isTrue();
    assertThat(deployed.get("changeId").asText()).isEqualTo(app.name() + "-change-000001");
    assertFirstDeployPlan(deployed, manifest);
    ApplyOrder.assertKappOrder(deployed.get("changes"), manifest);
    assertThat(sandbox.missing(manifest.resources())).as("objects not in the cluster").isEmpty();
    var label = app.name() + "." + NAMESPACE;
    for (var resource : manifest.owned()) {
      assertThat(appLabel(sandbox, resource))
          .as("driftless.io/app of " + resource)
          .isEqualTo(label);
    }
    for (var resource : manifest.existing()) {
      assertThat(appLabel(sandbox, resource))
          .as("an exists resource is not the app's: " + resource)
          .isNull();
    }
  }

  void redeployChangesNothing(DriftlessApi api, ExampleApp app) {
    redeployChangesNothing(api, app, "");
  }

  /**
   * An unchanged redeploy with {@code query} (starting with {@code ?}, or empty): kapp's {@code Op:
   * 0 create, 0 delete, 0 update, 0 noop, 0 exists}, no event stored and no write request sent.
   */
  void redeployChangesNothing(DriftlessApi api, ExampleApp app, String query) {
    var events = events();
    var writes = sandboxCluster.writeRequests();

    var again = body(api.deploy(app.body(), query), 200);

    assertThat(again.get("changeId").isNull()).as(again.toString()).isTrue();
    assertThat(again.get("successful").asBoolean()).isTrue();
    assertThat(again.get("description").asText())
        .contains("Op: 0 create, 0 delete, 0 update, 0 noop, 0 exists");
    assertThat(again.get("changes")).isEmpty();
    assertThat(events()).as("events stored by a redeploy without change").isEqualTo(events);
    assertThat(sandboxCluster.writeRequests())
        .as("write requests of a redeploy without change")
        .isEqualTo(writes);
  }

  /**
   * The objects among {@code resources} without a {@code managedFields} entry of manager {@code
   * driftless} and {@code operation} ({@code Apply}: written by server-side apply; {@code Update}:
   * by a create or an update), each with what it has instead; empty when every one has it.
   */
  static List<String> notWrittenByDriftless(
      SandboxObjects sandbox, List<ExpectedResource> resources, String operation) {
    var notWritten = new ArrayList<String>();
    for (var resource : resources) {
      var found = sandbox.get(resource);
      if (found.isEmpty()) {
        notWritten.add(resource.key() + " missing at " + sandbox.path(resource));
      } else if (!driftlessOperations(found.get()).contains(operation)) {
        notWritten.add(resource.key() + " " + found.get().path("metadata").path("managedFields"));
      }
    }
    return notWritten;
  }

  /** The operations of {@code live}'s managedFields entries of manager {@code driftless}. */
  static List<String> driftlessOperations(JsonNode live) {
    var operations = new ArrayList<String>();
    for (var entry : live.path("metadata").path("managedFields")) {
      if (entry.path("manager").asText().equals("driftless")) {
        operations.add(entry.path("operation").asText());
      }
    }
    return operations;
  }

  /**
   * Issue 12's zero writes: {@link #RECONCILES} reconciles of the deployed app, with the sandbox's
   * controllers running (status, revisions, defaults), send no write request to the sandbox (it
   * counts them by field manager), store no event (so no app-change) and answer {@code changeId:
   * null} each time.
   */
  void reconcilesWriteNothing(DriftlessApi api) {
    reconcilesWriteNothing(api, RECONCILES);
  }

  /** As {@link #reconcilesWriteNothing(DriftlessApi)}, with {@code reconciles} reconciles. */
  void reconcilesWriteNothing(DriftlessApi api, int reconciles) {
    var writes = sandboxCluster.writeRequests();
    var events = events();

    for (int i = 0; i < reconciles; i++) {
      var answer = body(api.reconcile(), 200);
      assertThat(answer.get("changeId").isNull()).as("reconcile %d: %s", i, answer).isTrue();
      assertThat(answer.get("changes")).as("reconcile %d", i).isEmpty();
    }

    assertThat(sandboxCluster.writeRequests())
        .as("write requests to the sandbox during %d reconciles", reconciles)
        .isEqualTo(writes);
    assertThat(events()).as("events stored by %d reconciles", reconciles).isEqualTo(events);
  }

  void viewsShowEveryResource(
      DriftlessApi api, ExampleApp app, ExampleManifest manifest, JsonNode deployed) {
    var expectedCounts = ExampleManifest.countsByKind(manifest.owned());
    var owned = manifest.owned().stream().map(ExpectedResource::key).toList();
    await()
        .atMost(VIEWS)
        .untilAsserted(
            () -> {
              var overview = api.getJson(api.appPath());
              assertThat(kindCounts(overview.get("resourceCounts"))).isEqualTo(expectedCounts);
              assertThat(overview.get("lastChangeSuccessful").asBoolean()).isTrue();
              assertThat(overview.get("changeInProgress").isNull()).isTrue();
              var inventory = api.getJson(api.appPath() + "/resources");
              assertThat(liveKeys(inventory, manifest)).containsExactlyInAnyOrderElementsOf(owned);
              inventory.forEach(
                  row ->
                      assertThat(row.get("lastChangeId").asText())
                          .isEqualTo(app.name() + "-change-000001"));
              var history = api.getJson(api.appPath() + "/changes");
              assertThat(history).hasSize(1);
              assertThat(history.get(0).get("successful").asBoolean()).isTrue();
              assertThat(history.get(0).get("description")).isEqualTo(deployed.get("description"));
            });
  }

  void deleteRemovesEveryResource(
      DriftlessApi api, ExampleManifest manifest, SandboxObjects sandbox) {
    var owned = manifest.owned().size();

    var deleted = body(api.delete(), 200);

    assertThat(deleted.get("successful").asBoolean()).isTrue();
    assertThat(deleted.get("description").asText())
        .isEqualTo(
            ("delete: Op: 0 create, %d delete, 0 update, 0 noop, 0 exists"
                    + " / Wait to: 0 reconcile, %d delete, 0 noop")
                .formatted(owned, owned));
    assertThat(sandbox.present(manifest.owned())).as("objects left in the cluster").isEmpty();
    assertThat(sandbox.missing(manifest.existing()))
        .as("exists resources are not the app's to delete")
        .isEmpty();
    await()
        .atMost(VIEWS)
        .untilAsserted(
            () -> {
              assertThat(api.get(api.appPath()).statusCode()).isEqualTo(404);
              var apps = new ArrayList<String>();
              api.getJson("/api/apps")
                  .forEach(
                      a -> apps.add(a.get("namespace").asText() + "/" + a.get("name").asText()));
              assertThat(apps).doesNotContain(api.appPath().substring("/api/apps/".length()));
              assertThat(liveKeys(api.getJson(api.appPath() + "/resources"), manifest)).isEmpty();
              assertThat(api.getJson(api.appPath() + "/changes")).hasSize(2);
            });
  }

  private static String appLabel(SandboxObjects sandbox, ExpectedResource resource) {
    var labels = sandbox.get(resource).orElseThrow().path("metadata").path("labels");
    return labels.path("driftless.io/app").asText(null);
  }

  long events() {
    return jdbc.queryForObject("SELECT COUNT(*) FROM domain_event_entry", Long.class);
  }

  private static Map<String, Integer> counts(JsonNode node) {
    var counts = new TreeMap<String, Integer>();
    node.properties().forEach(e -> counts.put(e.getKey(), e.getValue().asInt()));
    return counts;
  }

  private static Map<String, Long> kindCounts(JsonNode node) {
    var counts = new TreeMap<String, Long>();
    node.properties().forEach(e -> counts.put(e.getKey(), e.getValue().asLong()));
    return counts;
  }

  /** The changes' keys; for a resource without a namespace in the manifest, the manifest's key. */
  static List<String> changeKeys(JsonNode response, ExampleManifest manifest) {
    var keys = new ArrayList<String>();
    response.get("changes").forEach(c -> keys.add(key(c, manifest)));
    return keys;
  }

  private static List<String> liveKeys(JsonNode inventory, ExampleManifest manifest) {
    var keys = new ArrayList<String>();
    inventory.forEach(
        row -> {
          if (row.path("live").asBoolean()) {
            keys.add(key(row, manifest));
          }
        });
    return keys;
  }

  /**
   * A change's or inventory row's key in {@link ExpectedResource#key()}'s form. A resource the
   * manifest gives no namespace keeps the manifest's key whatever namespace the answer names: its
   * scope may only be known from the cluster (gatekeeper's constraint); where its object went is
   * checked on the cluster.
   */
  static String key(JsonNode row, ExampleManifest manifest) {
    var apiVersion = row.get("apiVersion").asText();
    var group = apiVersion.contains("/") ? apiVersion.substring(0, apiVersion.indexOf('/')) : "";
    var groupKind = group + "/" + row.get("kind").asText();
    var name = row.get("name").asText();
    var unnamespaced = groupKind + "//" + name;
    if (manifest.withoutNamespace().contains(unnamespaced)) {
      return unnamespaced;
    }
    var namespace = row.path("namespace").isNull() ? "" : row.path("namespace").asText("");
    return groupKind + "/" + namespace + "/" + name;
  }
}
