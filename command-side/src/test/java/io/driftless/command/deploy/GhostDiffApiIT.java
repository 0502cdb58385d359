package io.driftless.command.deploy;

import static io.driftless.command.deploy.GhostDiffManifests.deployment;
import static io.driftless.command.deploy.GhostDiffManifests.hpa;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.command.support.Api;
import io.driftless.events.testing.LocalServices;
import io.driftless.sandbox.SandboxCluster;
import io.driftless.sandbox.SandboxSettings;
import io.driftless.sandbox.controllers.Controller;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscalerBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Issue 12 point 6 over HTTP, on a fresh MariaDB database and the sandbox cluster with its
 * autoscaler (an HPA outside the app plays the other writer: it sets {@code spec.replicas} back
 * right after every write of the Deployment): {@code GhostDiffDetected} after the second flip, with
 * the suggested rule; under {@code yield} the writes stop; the sidecar injector causes no diff; an
 * HPA inside the app has its target's replicas rebased, so there is no fight at all.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class GhostDiffApiIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final SandboxCluster SANDBOX =
      SandboxCluster.start(
          new SandboxSettings(
              "127.0.0.1",
              0,
              Path.of("target", "kubeconfig-" + UUID.randomUUID() + ".yaml"),
              null));

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    registry.add("spring.datasource.url", () -> LocalServices.freshDatabase("driftless_ghost_it"));
    registry.add("spring.datasource.username", LocalServices::jdbcUser);
    registry.add("spring.datasource.password", LocalServices::jdbcPassword);
    var kubeconfig = SANDBOX.kubeconfig().toAbsolutePath().toString();
    registry.add("driftless.cluster.kubeconfig", () -> kubeconfig);
    Runtime.getRuntime().addShutdownHook(new Thread(SANDBOX::close, "ghost-it-sandbox"));
  }

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  @Autowired KubernetesClient cluster;

  private Api api;

  @BeforeEach
  void setUp() {
    api = new Api(port);
  }

  /** An HPA that is not the app's: another team's, applied with kubectl. */
  private void foreignHpa(String name, String target, int minReplicas) {
    cluster
        .autoscaling()
        .v2()
        .horizontalPodAutoscalers()
        .inNamespace("default")
        .resource(
            new HorizontalPodAutoscalerBuilder()
                .withNewMetadata()
                .withName(name)
                .endMetadata()
                .withNewSpec()
                .withNewScaleTargetRef()
                .withApiVersion("apps/v1")
                .withKind("Deployment")
                .withName(target)
                .endScaleTargetRef()
                .withMinReplicas(minReplicas)
                .withMaxReplicas(10)
                .endSpec()
                .build())
        .create();
  }

  private JsonNode reconcile(String app) throws Exception {
    var request =
        HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + port + "/api/apps/default/" + app + "/reconcile"))
            .POST(HttpRequest.BodyPublishers.noBody())
            .build();
    var response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  private static JsonNode ok(HttpResponse<String> response) throws Exception {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  private List<JsonNode> events(String app, String type) throws Exception {
    var payloads =
        jdbc.queryForList(
            "SELECT CAST(payload AS CHAR) FROM domain_event_entry WHERE aggregate_identifier LIKE ?"
                + " AND payload_type LIKE ? ORDER BY global_index",
            String.class,
            "default/" + app + "/%",
            "%." + type);
    var events = new ArrayList<JsonNode>();
    for (var payload : payloads) {
      events.add(JSON.readTree(payload));
    }
    return events;
  }

  private long storedEvents() {
    return jdbc.queryForObject("SELECT COUNT(*) FROM domain_event_entry", Long.class);
  }

  private int liveReplicas(String name) {
    return cluster
        .apps()
        .deployments()
        .inNamespace("default")
        .withName(name)
        .get()
        .getSpec()
        .getReplicas();
  }

  private String resourceVersion(String name) {
    return cluster
        .apps()
        .deployments()
        .inNamespace("default")
        .withName(name)
        .get()
        .getMetadata()
        .getResourceVersion();
  }

  @Test
  void anHpaOutsideTheAppIsAGhostDiffAfterTheSecondFlip() throws Exception {
    ok(api.deployYaml("fought", deployment("fought", 2, "nginx:1.27", "")));
    foreignHpa("fought-hpa", "fought", 5);
    assertThat(liveReplicas("fought")).isEqualTo(5);

    var first = reconcile("fought");
    assertThat(first.get("changeId").asText()).isEqualTo("fought-change-000002");
    assertThat(first.at("/changes/0/fields").toString())
        .startsWith("[{\"path\":\"spec.replicas\",\"from\":5,\"to\":2,");
    assertThat(liveReplicas("fought")).as("the autoscaler sets it back").isEqualTo(5);
    reconcile("fought");
    assertThat(events("fought", "GhostDiffDetected")).as("one flip is no ghost diff yet").isEmpty();

    var third = reconcile("fought");

    var detected = events("fought", "GhostDiffDetected");
    assertThat(detected).hasSize(1);
    var ghost = detected.get(0);
    assertThat(ghost.get("changeId").asText()).isEqualTo(third.get("changeId").asText());
    assertThat(ghost.get("path").asText()).isEqualTo("spec.replicas");
    assertThat(ghost.get("desired").asInt()).isEqualTo(2);
    assertThat(ghost.get("live").asInt()).isEqualTo(5);
    assertThat(ghost.get("flips").asInt()).isEqualTo(2);
    assertThat(ghost.get("policy").asText()).isEqualTo("report");
    assertThat(ghost.get("changedBy").asText())
        .as("who set it back, from the Deployment's managedFields")
        .isEqualTo("kube-controller-manager");
    var putBacks = new ArrayList<String>();
    for (var updated : events("fought", "ResourceUpdated")) {
      for (var field : updated.get("fields")) {
        if (field.get("path").asText().equals("spec.replicas")) {
          putBacks.add(field.path("changedBy").asText("none"));
        }
      }
    }
    assertThat(putBacks)
        .as("each reconcile's put-back names the autoscaler's scale as the live value's writer")
        .isNotEmpty()
        .containsOnly("kube-controller-manager");
    assertThat(ghost.get("suggestedRebaseRule").asText())
        .isEqualTo(
            """
            apiVersion: kapp.k14s.io/v1alpha1
            kind: Config
            rebaseRules:
            - path: [spec, replicas]
              type: copy
              sources: [existing, new]
              resourceMatchers:
              - kindNamespaceNameMatcher:
                  kind: Deployment
                  namespace: default
                  name: fought
            """);

    reconcile("fought");
    var again = events("fought", "GhostDiffDetected");
    assertThat(again).hasSize(2);
    assertThat(again.get(1).get("flips").asInt()).as("report: the fight goes on").isEqualTo(3);
    assertThat(events("fought", "GhostDiffYielded")).isEmpty();
  }

  /**
   * Issue 28: the same fight under server-side apply. The reconciles keep the app's mode and force
   * the field back (the autoscaler's scale owns it), the autoscaler sets it back, and the ghost
   * diff is reported after the second flip, naming the autoscaler's manager; a deploy (which does
   * not force) of the field is a {@code 409 field_conflict} naming that manager, and with {@code
   * forceConflicts=true} under {@code yield} the server-side writes stop as well.
   */
  @Test
  void underServerSideApplyTheFightIsAGhostDiffTooAndYieldStopsIt() throws Exception {
    ok(
        api.deploy(
            "ssa-fought",
            deployment("ssa-fought", 2, "nginx:1.27", ""),
            "application/yaml",
            "?applyMode=server-side"));
    foreignHpa("ssa-fought-hpa", "ssa-fought", 5);
    assertThat(liveReplicas("ssa-fought")).isEqualTo(5);

    reconcile("ssa-fought");
    assertThat(liveReplicas("ssa-fought")).as("the autoscaler sets it back").isEqualTo(5);
    reconcile("ssa-fought");
    reconcile("ssa-fought");

    var detected = events("ssa-fought", "GhostDiffDetected");
    assertThat(detected).isNotEmpty();
    assertThat(detected.get(0).get("path").asText()).isEqualTo("spec.replicas");
    assertThat(detected.get(0).get("changedBy").asText()).isEqualTo("kube-controller-manager");
    for (var started : events("ssa-fought", "AppChangeStarted")) {
      assertThat(started.get("applyMode").asText())
          .as("every change of the app writes server-side: %s", started)
          .isEqualTo("server-side");
    }

    // A deploy does not force: the autoscaler's scale owns spec.replicas, so it is a conflict.
    var refused =
        api.deploy(
            "ssa-fought",
            deployment("ssa-fought", 2, "nginx:1.27", ""),
            "application/yaml",
            "?applyMode=server-side&ghostDiffPolicy=yield");
    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(409);
    assertThat(JSON.readTree(refused.body()).get("error").asText()).isEqualTo("field_conflict");
    assertThat(refused.body()).contains("kube-controller-manager").contains(".spec.replicas");
    assertThat(liveReplicas("ssa-fought")).isEqualTo(5);
    ok(
        api.deploy(
            "ssa-fought",
            deployment("ssa-fought", 2, "nginx:1.27", ""),
            "application/yaml",
            "?applyMode=server-side&forceConflicts=true&ghostDiffPolicy=yield"));
    reconcile("ssa-fought");
    reconcile("ssa-fought");
    reconcile("ssa-fought");
    var version = resourceVersion("ssa-fought");
    var eventsBefore = storedEvents();
    for (int i = 0; i < 3; i++) {
      var answer = reconcile("ssa-fought");
      assertThat(answer.get("changeId").isNull()).as(answer.toString()).isTrue();
    }
    assertThat(resourceVersion("ssa-fought")).as("no write").isEqualTo(version);
    assertThat(storedEvents()).as("no event").isEqualTo(eventsBefore);
    assertThat(liveReplicas("ssa-fought")).isEqualTo(5);
  }

  @Test
  void underYieldTheWritesStopAndADeployWithReportTakesTheFieldBack() throws Exception {
    ok(
        api.deploy(
            "yielding",
            deployment("yielding", 2, "nginx:1.27", ""),
            "application/yaml",
            "?ghostDiffPolicy=yield"));
    foreignHpa("yielding-hpa", "yielding", 5);
    reconcile("yielding");
    reconcile("yielding");
    var third = reconcile("yielding");
    assertThat(third.get("changeId").isNull()).isFalse();

    var yielded = events("yielding", "GhostDiffYielded");
    assertThat(yielded).hasSize(1);
    assertThat(yielded.get(0).get("path").asText()).isEqualTo("spec.replicas");
    assertThat(yielded.get(0).get("live").asInt()).isEqualTo(5);
    assertThat(events("yielding", "GhostDiffDetected").get(0).get("policy").asText())
        .isEqualTo("yield");

    var version = resourceVersion("yielding");
    var eventsBefore = storedEvents();
    for (int i = 0; i < 5; i++) {
      var answer = reconcile("yielding");
      assertThat(answer.get("changeId").isNull()).as(answer.toString()).isTrue();
    }
    assertThat(resourceVersion("yielding")).as("no write").isEqualTo(version);
    assertThat(storedEvents()).as("no event").isEqualTo(eventsBefore);
    assertThat(liveReplicas("yielding")).isEqualTo(5);

    // A redeploy under yield keeps the cluster's value and changes nothing.
    var same =
        ok(
            api.deploy(
                "yielding",
                deployment("yielding", 2, "nginx:1.27", ""),
                "application/yaml",
                "?ghostDiffPolicy=yield"));
    assertThat(same.get("changeId").isNull()).as(same.toString()).isTrue();

    // Undo: a deploy under report writes the field again.
    var undo = ok(api.deployYaml("yielding", deployment("yielding", 2, "nginx:1.27", "")));
    assertThat(undo.get("changeId").isNull()).as(undo.toString()).isFalse();
    assertThat(undo.at("/changes/0/fields/0/path").asText()).isEqualTo("spec.replicas");
    assertThat(undo.at("/changes/0/fields/0/to").asInt()).isEqualTo(2);
    assertThat(reconcile("yielding").get("changeId").isNull()).isFalse();
    assertThat(events("yielding", "GhostDiffDetected")).hasSize(1);
    reconcile("yielding");
    var reported = events("yielding", "GhostDiffDetected");
    assertThat(reported).as("the fight is seen again, now reported").hasSize(2);
    assertThat(reported.get(1).get("policy").asText()).isEqualTo("report");
    assertThat(reported.get(1).get("flips").asInt()).isEqualTo(2);
  }

  @Test
  void theSidecarInjectorCausesNoDiff() throws Exception {
    SANDBOX.enable(Controller.SIDECAR_INJECTOR);
    try {
      var labels = "\n        sidecar.istio.io/inject: \"true\"";
      ok(api.deployYaml("meshed", deployment("meshed", 2, "nginx:1.27", labels)));
      var containers =
          cluster
              .apps()
              .deployments()
              .inNamespace("default")
              .withName("meshed")
              .get()
              .getSpec()
              .getTemplate()
              .getSpec()
              .getContainers();
      assertThat(containers).extracting("name").containsExactly("app", "istio-proxy");
      var version = resourceVersion("meshed");
      var eventsBefore = storedEvents();

      for (int i = 0; i < 3; i++) {
        var answer = reconcile("meshed");
        assertThat(answer.get("changeId").isNull()).as(answer.toString()).isTrue();
        assertThat(answer.get("changes")).as(answer.toString()).isEmpty();
      }
      var redeploy = ok(api.deployYaml("meshed", deployment("meshed", 2, "nginx:1.27", labels)));
      assertThat(redeploy.get("changeId").isNull()).as(redeploy.toString()).isTrue();

      assertThat(resourceVersion("meshed")).isEqualTo(version);
      assertThat(storedEvents()).isEqualTo(eventsBefore);
    } finally {
      SANDBOX.disable(Controller.SIDECAR_INJECTOR);
    }
  }

  @Test
  void anHpaInTheAppRebasesItsTargetsReplicas() throws Exception {
    var manifest = deployment("scaled", 2, "nginx:1.27", "") + "---\n" + hpa("scaled", "scaled", 4);
    ok(api.deployYaml("scaled", manifest));
    assertThat(liveReplicas("scaled")).isEqualTo(4);
    var eventsBefore = storedEvents();
    var version = resourceVersion("scaled");

    for (int i = 0; i < 3; i++) {
      var answer = reconcile("scaled");
      assertThat(answer.get("changeId").isNull()).as(answer.toString()).isTrue();
    }
    assertThat(resourceVersion("scaled")).isEqualTo(version);
    assertThat(storedEvents()).isEqualTo(eventsBefore);

    var dryRun =
        ok(
            api.deploy(
                "scaled",
                manifest.replace("nginx:1.27", "nginx:1.28"),
                "application/yaml",
                "?dryRun=true"));
    assertThat(dryRun.at("/changes/0/fields").toString())
        .contains("image")
        .doesNotContain("spec.replicas");
    var newImage = ok(api.deployYaml("scaled", manifest.replace("nginx:1.27", "nginx:1.28")));
    assertThat(newImage.get("changes")).hasSize(1);
    assertThat(newImage.at("/changes/0/fields").toString()).doesNotContain("spec.replicas");
    assertThat(liveReplicas("scaled")).isEqualTo(4);
    assertThat(reconcile("scaled").get("changeId").isNull()).isTrue();
    assertThat(events("scaled", "GhostDiffDetected")).isEmpty();
  }

  /** The known limit this issue lifts: reconciles plan with the last deploy's kapp Configs. */
  @Test
  void reconcilesKeepTheSuggestedRuleOnceTheDeployCarriesIt() throws Exception {
    foreignHpa("ruled-hpa", "ruled", 5);
    var rule =
        """
        apiVersion: kapp.k14s.io/v1alpha1
        kind: Config
        rebaseRules:
        - path: [spec, replicas]
          type: copy
          sources: [existing, new]
          resourceMatchers:
          - kindNamespaceNameMatcher:
              kind: Deployment
              namespace: default
              name: ruled
        """;
    ok(api.deployYaml("ruled", deployment("ruled", 2, "nginx:1.27", "")));
    assertThat(liveReplicas("ruled")).isEqualTo(5);

    var withRule =
        ok(api.deployYaml("ruled", deployment("ruled", 2, "nginx:1.27", "") + "---\n" + rule));
    assertThat(withRule.get("changeId").asText())
        .as("a deploy that only adds a Config records it")
        .isEqualTo("ruled-change-000002");
    assertThat(withRule.get("changes")).as(withRule.toString()).isEmpty();
    var eventsBefore = storedEvents();
    var version = resourceVersion("ruled");

    for (int i = 0; i < 3; i++) {
      var answer = reconcile("ruled");
      assertThat(answer.get("changeId").isNull()).as(answer.toString()).isTrue();
    }
    assertThat(resourceVersion("ruled")).isEqualTo(version);
    assertThat(storedEvents()).isEqualTo(eventsBefore);
    assertThat(liveReplicas("ruled")).isEqualTo(5);
  }

  @Test
  void aPolicyOtherThanReportOrYieldIs400AndStoresNothing() throws Exception {
    var eventsBefore = storedEvents();

    var refused =
        api.deploy(
            "unsure",
            deployment("unsure", 1, "nginx:1.27", ""),
            "application/yaml",
            "?ghostDiffPolicy=ignore");

    assertThat(refused.statusCode()).isEqualTo(400);
    var body = JSON.readTree(refused.body());
    assertThat(body.get("error").asText()).isEqualTo("bad_parameter");
    assertThat(body.get("message").asText())
        .isEqualTo("Query parameter ghostDiffPolicy: must be report or yield, got \"ignore\".");
    assertThat(storedEvents()).isEqualTo(eventsBefore);
    assertThat(cluster.apps().deployments().inNamespace("default").withName("unsure").get())
        .isNull();
  }
}
