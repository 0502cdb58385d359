package io.driftless.command.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.command.support.Api;
import io.driftless.command.support.TestCluster;
import io.driftless.events.testing.LocalServices;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * kapp's resource annotations, duplicates and ConfigMap configuration through the deploy API: what
 * the response shows ({@code ops}, {@code changes[].opStrategy}, {@code warnings}) and what the
 * cluster holds afterwards. Inputs and expected counts follow kapp's e2e tests ({@code
 * noop_ann_test.go}, {@code exists_ann_test.go}, {@code config_test.go}).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class KappAnnotationsApiIT {

  private static final ObjectMapper JSON = new ObjectMapper();

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    registry.add("spring.datasource.url", () -> LocalServices.freshDatabase("driftless_kapp_it"));
    registry.add("spring.datasource.username", LocalServices::jdbcUser);
    registry.add("spring.datasource.password", LocalServices::jdbcPassword);
    var kubeconfig = TestCluster.kubeconfig();
    registry.add("driftless.cluster.kubeconfig", () -> kubeconfig);
  }

  @LocalServerPort int port;
  @Autowired KubernetesClient cluster;

  private Api api;

  @BeforeEach
  void setUp() {
    api = new Api(port);
  }

  private static JsonNode ok(HttpResponse<String> response) throws Exception {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  private static String configMap(String name, String annotations, String data) {
    return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: "
        + name
        + "\n"
        + (annotations.isEmpty() ? "" : "  annotations:\n" + annotations)
        + "data:\n"
        + data;
  }

  private static List<String> changes(JsonNode response) {
    var changes = new ArrayList<String>();
    response
        .get("changes")
        .forEach(
            c ->
                changes.add(
                    c.get("op").asText()
                        + " "
                        + c.get("name").asText()
                        + " ["
                        + c.get("opStrategy").asText()
                        + "] "
                        + c.get("waitTo").asText()));
    return changes;
  }

  private String data(String name, String key) {
    var object = cluster.configMaps().inNamespace("default").withName(name).get();
    return object == null ? null : object.getData().get(key);
  }

  @Test
  void noopAnnotatedResourcesAreNeverWrittenNorCounted() throws Exception {
    var body =
        configMap("noop-own", "", "  a: b\n")
            + "---\n"
            + configMap("noop-external", "    kapp.k14s.io/noop: \"\"\n", "  a: b\n");

    var response = ok(api.deployYaml("noop-app", body));

    assertThat(response.get("description").asText())
        .isEqualTo(
            "update: Op: 1 create, 0 delete, 0 update, 0 noop, 0 exists"
                + " / Wait to: 1 reconcile, 0 delete, 0 noop");
    assertThat(changes(response)).containsExactly("create noop-own [] reconcile");
    assertThat(data("noop-external", "a")).isNull();
  }

  @Test
  void existsAnnotatedResourcesAreLeftAsTheyAre() throws Exception {
    cluster
        .configMaps()
        .inNamespace("default")
        .resource(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withName("exists-external")
                .endMetadata()
                .addToData("a", "theirs")
                .build())
        .create();
    var body =
        configMap("exists-external", "    kapp.k14s.io/exists: \"\"\n", "  a: ours\n")
            + "---\n"
            + configMap("exists-own", "", "  a: b\n");

    var response = ok(api.deployYaml("exists-app", body));

    assertThat(response.get("ops").toString())
        .isEqualTo("{\"create\":1,\"delete\":0,\"update\":0,\"noop\":0,\"exists\":0}");
    assertThat(changes(response)).containsExactly("create exists-own [] reconcile");
    assertThat(data("exists-external", "a")).isEqualTo("theirs");
    assertThat(
            cluster
                .configMaps()
                .inNamespace("default")
                .withName("exists-external")
                .get()
                .getMetadata()
                .getLabels())
        .as("an exists object is not claimed")
        .isNullOrEmpty();
  }

  @Test
  void strategiesAreShownAndSkipLeavesTheObjectAlone() throws Exception {
    var created =
        ok(
            api.deployYaml(
                "strategy-app",
                configMap(
                    "strategy-cm",
                    "    kapp.k14s.io/create-strategy: fallback-on-update\n"
                        + "    kapp.k14s.io/update-strategy: skip\n",
                    "  a: one\n")));
    assertThat(changes(created))
        .containsExactly("create strategy-cm [fallback-on-update] reconcile");

    var skipped =
        ok(
            api.deployYaml(
                "strategy-app",
                configMap(
                    "strategy-cm",
                    "    kapp.k14s.io/create-strategy: fallback-on-update\n"
                        + "    kapp.k14s.io/update-strategy: skip\n",
                    "  a: two\n")));

    assertThat(changes(skipped)).containsExactly("update strategy-cm [skip] reconcile");
    assertThat(data("strategy-cm", "a")).isEqualTo("one");
  }

  @Test
  void disableWaitWaitsForNothing() throws Exception {
    var response =
        ok(
            api.deployYaml(
                "nowait-app",
                configMap("nowait-cm", "    kapp.k14s.io/disable-wait: \"\"\n", "  a: b\n")));

    assertThat(response.get("wait").toString())
        .isEqualTo("{\"reconcile\":0,\"delete\":0,\"noop\":1}");
    assertThat(changes(response)).containsExactly("create nowait-cm [] noop");
  }

  @Test
  void nonceUpdatesTheObjectAtEveryDeploy() throws Exception {
    var body = configMap("nonce-cm", "    kapp.k14s.io/nonce: \"\"\n", "  a: b\n");
    ok(api.deployYaml("nonce-app", body));
    var first = nonce("nonce-cm");

    var again = ok(api.deployYaml("nonce-app", body));

    assertThat(changes(again)).containsExactly("update nonce-cm [] reconcile");
    assertThat(again.at("/changes/0/fields/0/path").asText())
        .isEqualTo("metadata.annotations[\"kapp.k14s.io/nonce\"]");
    assertThat(again.at("/changes/0/fields/0/from").asText()).isEqualTo(first);
    assertThat(nonce("nonce-cm")).matches("[0-9]{19}").isNotEqualTo(first);
  }

  private String nonce(String name) {
    return cluster
        .configMaps()
        .inNamespace("default")
        .withName(name)
        .get()
        .getMetadata()
        .getAnnotations()
        .get("kapp.k14s.io/nonce");
  }

  @Test
  void unknownKappAnnotationsAreWarnedAbout() throws Exception {
    var response =
        ok(
            api.deployYaml(
                "warn-app",
                configMap("warn-cm", "    kapp.k14s.io/disable-wiat: \"\"\n", "  a: b\n")));

    assertThat(response.get("warnings"))
        .extracting(JsonNode::asText)
        .containsExactly(
            "Unknown annotation 'kapp.k14s.io/disable-wiat' on resource 'configmap/warn-cm (v1)"
                + " namespace: default' (kapp does not read it; it has no effect)");
  }

  @Test
  void identicalDuplicatesCountOnceAndDifferentOnesAreRefused() throws Exception {
    var document = configMap("dup-cm", "", "  a: b\n");

    var once = ok(api.deployYaml("dup-app", document + "---\n" + document));
    var refused =
        api.deployYaml("dup-app", document + "---\n" + configMap("dup-cm", "", "  a: c\n"));

    assertThat(changes(once)).containsExactly("create dup-cm [] reconcile");
    assertThat(refused.statusCode()).isEqualTo(422);
    var error = JSON.readTree(refused.body());
    assertThat(error.get("error").asText()).isEqualTo("invalid_resources");
    assertThat(error.get("details"))
        .extracting(JsonNode::asText)
        .containsExactly(
            "core/ConfigMap/default/dup-cm: declared twice with different content (documents 1"
                + " and 2)");
  }

  private static final String CONFIG_MAP_CONFIG =
      """
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: cfg-kapp-config
        labels:
          kapp.k14s.io/config: ""
      data:
        config.yml: |
          apiVersion: kapp.k14s.io/v1alpha1
          kind: Config
          rebaseRules:
          - path: [data, keep]
            type: copy
            sources: [existing, new]
            resourceMatchers:
            - kindNamespaceNameMatcher: {kind: ConfigMap, namespace: default, name: cfg-second}
      ---
      """;

  @Test
  void aLabelledConfigMapConfiguresTheDeployAndIsDeployedToo() throws Exception {
    ok(api.deployYaml("cfg-app", CONFIG_MAP_CONFIG + configMap("cfg-second", "", "  keep: a\n")));

    var second =
        ok(
            api.deployYaml(
                "cfg-app", CONFIG_MAP_CONFIG + configMap("cfg-second", "", "  keep: b\n")));

    assertThat(changes(second)).isEmpty();
    assertThat(data("cfg-second", "keep")).isEqualTo("a");
    assertThat(data("cfg-kapp-config", "config.yml")).contains("rebaseRules");
  }

  @Test
  void aMalformedConfigMapConfigIsRefused() throws Exception {
    var body =
        CONFIG_MAP_CONFIG.replace("kind: Config\n", "kind: Conf\n")
            + configMap("x", "", "  a: b\n");

    var refused = api.deployYaml("bad-cfg-app", body);

    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(422);
    assertThat(JSON.readTree(refused.body()).get("error").asText()).isEqualTo("invalid_resources");
    assertThat(data("x", "a")).isNull();
  }
}
