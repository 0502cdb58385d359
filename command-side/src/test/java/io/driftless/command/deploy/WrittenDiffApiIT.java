package io.driftless.command.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.command.ownership.AppLabels;
import io.driftless.command.support.Api;
import io.driftless.command.support.TestCluster;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.events.testing.LocalServices;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.net.http.HttpResponse;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A deploy's {@code diff} shows what is written (issue 31, point 4): a create's diff the ownership
 * labels and annotation Driftless adds and the scoped selector label; an adoption's the labels it
 * adds and the kubectl last-applied annotation it writes back; an update of the app's own object no
 * label line; a Secret's values stay masked.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class WrittenDiffApiIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String DIFF = "?diffChanges=true";
  private static final String KUBECTL = "kubectl.kubernetes.io/last-applied-configuration";

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    registry.add("spring.datasource.url", () -> LocalServices.freshDatabase("driftless_wdiff_it"));
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

  private static String deployment(String name, String image) {
    return """
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: %s
        spec:
          selector:
            matchLabels:
              app: %s
          template:
            metadata:
              labels:
                app: %s
            spec:
              containers:
              - name: web
                image: %s
        """
        .formatted(name, name, name, image);
  }

  private static String configMap(String name, String value) {
    return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: "
        + name
        + "\ndata:\n  key: "
        + value
        + "\n";
  }

  private JsonNode deployed(String app, String body) throws Exception {
    HttpResponse<String> response = api.deploy(app, body, "application/yaml", DIFF);
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  private static List<String> lines(JsonNode response, String marker) {
    var diff = response.at("/changes/0/diff").asText();
    return Arrays.stream(diff.split("\n"))
        .filter(line -> line.matches("^\\s*\\d+\\s+" + (marker.equals("+") ? "\\+" : "-") + " .*"))
        .toList();
  }

  @Test
  void aCreatesDiffShowsTheOwnershipLabelsAndTheScopedSelectorLabel() throws Exception {
    var created = deployed("written-create", deployment("written-web", "nginx:1"));

    var added = lines(created, "+");
    var appLabel = "driftless.io/app: " + AppLabels.appLabel("default/written-create");
    assertThat(added.stream().filter(line -> line.endsWith(appLabel)))
        .as("the object's label, the selector's and the pod template's")
        .hasSize(3);
    var association =
        AppLabels.associationLabel(new ResourceKey("apps", "Deployment", "default", "written-web"));
    assertThat(added)
        .anyMatch(line -> line.endsWith("driftless.io/association: " + association))
        .anyMatch(line -> line.endsWith("driftless.io/app-id: default/written-create"));
  }

  @Test
  void anUpdateOfTheAppsOwnObjectShowsNoLabelLine() throws Exception {
    deployed("written-update", configMap("written-conf", "one"));

    var updated = deployed("written-update", configMap("written-conf", "two"));

    assertThat(updated.at("/changes/0/op").asText()).isEqualTo("update");
    assertThat(lines(updated, "+")).singleElement().asString().endsWith("key: two");
    assertThat(lines(updated, "-")).singleElement().asString().endsWith("key: one");
  }

  @Test
  void anAdoptionsDiffShowsTheLabelsAddedAndTheKubectlAnnotationWrittenBack() throws Exception {
    var lastApplied = "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\"}";
    cluster
        .configMaps()
        .inNamespace("default")
        .resource(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withName("written-by-kubectl")
                .withAnnotations(Map.of(KUBECTL, lastApplied))
                .endMetadata()
                .withData(Map.of("key", "one"))
                .build())
        .create();

    var adopted = deployed("written-adopt", configMap("written-by-kubectl", "two"));

    assertThat(adopted.at("/changes/0/op").asText()).isEqualTo("update");
    var diff = adopted.at("/changes/0/diff").asText();
    assertThat(lines(adopted, "+"))
        .as(diff)
        .anyMatch(line -> line.endsWith("driftless.io/app: written-adopt.default"))
        .anyMatch(line -> line.endsWith("driftless.io/app-id: default/written-adopt"))
        .anyMatch(line -> line.endsWith("key: two"))
        .noneMatch(line -> line.contains(KUBECTL));
    assertThat(lines(adopted, "-")).as(diff).singleElement().asString().endsWith("key: one");
    // the update sends the live object merged with the manifest: the annotation is written back,
    // and the diff shows it unchanged (it left it out before)
    assertThat(diff)
        .containsPattern("\\d+,\\s*\\d+\\s+" + Pattern.quote(KUBECTL + ": '" + lastApplied + "'"));
    var annotations =
        cluster
            .configMaps()
            .inNamespace("default")
            .withName("written-by-kubectl")
            .get()
            .getMetadata()
            .getAnnotations();
    assertThat(annotations).containsEntry(KUBECTL, lastApplied);
  }

  @Test
  void aSecretsDiffShowsItsLabelsAndMasksItsValues() throws Exception {
    var secret =
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: written-secret\n"
            + "stringData:\n  password: hunter2-written\n";

    var created = deployed("written-secret", secret);

    var diff = created.at("/changes/0/diff").asText();
    assertThat(diff).doesNotContain("hunter2-written").contains("<-- value not shown (#1)");
    assertThat(lines(created, "+"))
        .anyMatch(line -> line.endsWith("driftless.io/app: written-secret.default"));
  }
}
