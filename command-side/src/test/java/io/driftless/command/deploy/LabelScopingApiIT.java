package io.driftless.command.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.command.support.Api;
import io.driftless.command.support.TestCluster;
import io.driftless.events.testing.LocalServices;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Issue 11: kapp's default label scoping through the deploy API against the sandbox cluster: on by
 * default, off per deploy with {@code defaultLabelScopingRules=false}, a redeploy unchanged either
 * way, and an app whose live selectors are unscoped left unscoped.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class LabelScopingApiIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String OFF = "?defaultLabelScopingRules=false";

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    registry.add(
        "spring.datasource.url", () -> LocalServices.freshDatabase("driftless_scoping_it"));
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

  /** kapp's simple-app v1 under other names, so that each test has its own objects. */
  private static String simpleApp(String name) {
    return Api.example("simple-app-v1.yml").replace("simple-app", name);
  }

  private HttpResponse<String> deploy(String app, String query) {
    var response = api.deploy(app, simpleApp(app), "application/yaml", query);
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return response;
  }

  private JsonNode service(String name) {
    return JSON.valueToTree(cluster.services().inNamespace("default").withName(name).get());
  }

  private JsonNode deployment(String name) {
    return JSON.valueToTree(
        cluster.apps().deployments().inNamespace("default").withName(name).get());
  }

  private static String app(JsonNode labels) {
    return labels.path("driftless.io/app").asText(null);
  }

  private static JsonNode json(HttpResponse<String> response) throws Exception {
    return JSON.readTree(response.body());
  }

  @Test
  void scopesSelectorsByDefaultAndRedeploysWithoutChanges() throws Exception {
    var first = deploy("scoped", "");

    assertThat(app(service("scoped").at("/spec/selector"))).isEqualTo("scoped.default");
    assertThat(app(deployment("scoped").at("/spec/selector/matchLabels")))
        .isEqualTo("scoped.default");
    assertThat(app(deployment("scoped").at("/spec/template/metadata/labels")))
        .isEqualTo("scoped.default");
    assertThat(json(first).toString()).contains("spec.selector");

    var again = deploy("scoped", "");
    assertThat(json(again).get("changeId").isNull()).as(again.body()).isTrue();
    assertThat(json(again).get("changes")).isEmpty();
  }

  @Test
  void defaultLabelScopingRulesFalseLeavesSelectorsAsWritten() throws Exception {
    deploy("plain", OFF);

    assertThat(app(service("plain").at("/spec/selector"))).isNull();
    assertThat(app(deployment("plain").at("/spec/selector/matchLabels"))).isNull();
    // as kapp: the pods still carry the app label
    assertThat(app(deployment("plain").at("/spec/template/metadata/labels")))
        .isEqualTo("plain.default");

    var again = deploy("plain", OFF);
    assertThat(json(again).get("changeId").isNull()).as(again.body()).isTrue();
  }

  @Test
  void anAppWithUnscopedLiveSelectorsIsNotScopedLater() throws Exception {
    deploy("legacy", OFF);

    var withScoping = deploy("legacy", "");

    assertThat(json(withScoping).get("changeId").isNull()).as(withScoping.body()).isTrue();
    assertThat(app(deployment("legacy").at("/spec/selector/matchLabels"))).isNull();
    assertThat(app(service("legacy").at("/spec/selector"))).isNull();
  }
}
