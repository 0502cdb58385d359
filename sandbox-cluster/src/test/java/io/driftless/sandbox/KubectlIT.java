package io.driftless.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.sandbox.controllers.Controller;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.net.URISyntaxException;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28: the real {@code kubectl} works against the sandbox: discovery ({@code version}, {@code
 * api-resources}, {@code get}), server-side printing, {@code describe}, {@code explain} and {@code
 * apply} with client-side validation (OpenAPI), custom kinds once their CRD is stored. Before,
 * {@code kubectl get deployments} answered that the server had no such resource type and {@code
 * apply} failed on the OpenAPI ("proto: cannot parse invalid wire-format data").
 */
class KubectlIT {

  private static final ResourceDefinitionContext WIDGETS =
      new ResourceDefinitionContext.Builder()
          .withGroup("example.com")
          .withVersion("v1")
          .withPlural("widgets")
          .withKind("Widget")
          .withNamespaced(true)
          .build();

  @TempDir Path dir;
  private SandboxFixture cluster;
  private Kubectl kubectl;

  @BeforeEach
  void start() {
    Kubectl.assumeInstalled();
    cluster = SandboxFixture.start(dir, Controller.defaults());
    kubectl = new Kubectl(cluster.sandbox.kubeconfig(), dir);
  }

  @AfterEach
  void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Test
  void versionNamesTheServerAs130() {
    var result = kubectl.run("version", "-o", "json");

    assertThat(result.exitCode()).as(result.err()).isZero();
    assertThat(result.out()).contains("\"gitVersion\": \"v1.30.0\"");
  }

  @Test
  void apiResourcesListDeploymentsWithTheirShortName() {
    var result = kubectl.run("api-resources");

    assertThat(result.exitCode()).as(result.err()).isZero();
    assertThat(result.out())
        .containsPattern("(?m)^deployments +deploy +apps/v1 +true +Deployment *$")
        .containsPattern("(?m)^configmaps +cm +v1 +true +ConfigMap *$")
        .containsPattern(
            "(?m)^customresourcedefinitions +crd,crds +apiextensions.k8s.io/v1 +false");
  }

  @Test
  void kubectlLearnsTheApiFromTheAggregatedDiscoveryInTwoRequests() {
    var resources = kubectl.run("api-resources", "-v=6");
    var deployments = kubectl.run("get", "deployments", "-v=6");

    assertThat(resources.exitCode()).as(resources.err()).isZero();
    assertThat(resources.out()).containsPattern("(?m)^deployments +deploy +apps/v1 +true");
    // -v=6 logs each request: /api and /apis only, never a group version's own document
    assertThat(resources.err()).contains("GET https://").contains("/api?").contains("/apis?");
    assertThat(resources.err() + deployments.err())
        .doesNotContainPattern("GET https://[^ ]*/apis/[a-z0-9.]+/v[0-9a-z]+\\?timeout")
        .doesNotContainPattern("GET https://[^ ]*/api/v1\\?timeout");
    assertThat(deployments.exitCode()).as(deployments.err()).isZero();
  }

  @Test
  void getListsDeploymentsAndConfigMapsByNameAndAsTables() {
    cluster.client.resource(deployment("web")).create();
    cluster.client.resource(configMap("settings")).create();

    assertThat(kubectl.run("get", "deployments", "-o", "name").out())
        .isEqualTo("deployment.apps/web\n");
    assertThat(kubectl.run("get", "configmaps", "-o", "name").out())
        .isEqualTo("configmap/settings\n");
    var deployments = kubectl.run("get", "deployments");
    assertThat(deployments.out())
        .containsPattern("NAME +READY +UP-TO-DATE +AVAILABLE +AGE")
        .containsPattern("(?m)^web +2/2 +2 +2 +\\d+s");
    assertThat(kubectl.run("get", "configmaps").out())
        .containsPattern("NAME +DATA +AGE")
        .containsPattern("(?m)^settings +2 +\\d+s");
    assertThat(kubectl.run("get", "deploy", "web").out()).containsPattern("(?m)^web +2/2");
    assertThat(cluster.client.apps().deployments().withName("web").get().getStatus().getReplicas())
        .isEqualTo(2);
  }

  @Test
  void describeShowsADeploymentAndAConfigMap() {
    cluster.client.resource(deployment("web")).create();
    cluster.client.resource(configMap("settings")).create();

    var deployment = kubectl.run("describe", "deployment", "web");
    var configMap = kubectl.run("describe", "configmap", "settings");

    assertThat(deployment.exitCode()).as(deployment.err()).isZero();
    assertThat(deployment.out())
        .containsPattern("Name: +web")
        .containsPattern("Replicas: +2 desired \\| 2 updated \\| 2 total \\| 2 available")
        .containsPattern("Image: +nginx:1.25");
    assertThat(configMap.exitCode()).as(configMap.err()).isZero();
    assertThat(configMap.out()).containsPattern("Name: +settings").contains("colour:\n----\nblue");
    assertThat(cluster.client.configMaps().withName("settings").get().getData())
        .containsEntry("colour", "blue");
  }

  @Test
  void explainReadsTheOpenApi() {
    var result = kubectl.run("explain", "deployment.spec.replicas");

    assertThat(result.exitCode()).as(result.err()).isZero();
    assertThat(result.out())
        .contains("KIND:       Deployment")
        .contains("FIELD: replicas <integer>")
        .contains("Number of desired pods");
  }

  @Test
  void applyPassesClientSideValidationAndStoresTheDeployment() {
    var result = kubectl.run("apply", "-f", manifest("web-deployment.yaml"));

    assertThat(result.exitCode()).as(result.err()).isZero();
    assertThat(result.out()).isEqualTo("deployment.apps/web created\n");
    var stored = cluster.client.apps().deployments().withName("web").get();
    assertThat(stored.getSpec().getReplicas()).isEqualTo(3);
    assertThat(stored.getMetadata().getAnnotations())
        .containsKey("kubectl.kubernetes.io/last-applied-configuration");
  }

  @Test
  void applyRefusesAnUnknownFieldBeforeSendingIt() {
    var result = kubectl.run("apply", "-f", manifest("misspelt-deployment.yaml"));

    assertThat(result.exitCode()).isNotZero();
    assertThat(result.err())
        .contains("unknown field \"replicaz\" in io.k8s.api.apps.v1.DeploymentSpec");
    assertThat(cluster.client.apps().deployments().withName("misspelt").get()).isNull();
    assertThat(cluster.sandbox.writeRequests()).isEmpty();
  }

  @Test
  void aCustomKindIsServedOnceItsCrdIsStoredAndNoLongerOnceDeleted() {
    assertThat(kubectl.run("get", "widgets").err())
        .contains("the server doesn't have a resource type \"widgets\"");

    var crd = kubectl.run("apply", "-f", manifest("widget-crd.yaml"));
    var widget = kubectl.run("apply", "-f", manifest("widget.yaml"));

    assertThat(crd.exitCode()).as(crd.err()).isZero();
    assertThat(widget.exitCode()).as(widget.err()).isZero();
    assertThat(kubectl.run("get", "widgets", "-o", "name").out())
        .isEqualTo("widget.example.com/w1\n");
    assertThat(kubectl.run("get", "wg").out())
        .containsPattern("NAME +SIZE +AGE")
        .containsPattern("(?m)^w1 +3 +\\d+s");
    assertThat(kubectl.run("explain", "widgets.spec.size").out())
        .contains("KIND:       Widget")
        .contains("FIELD: size <integer>");
    GenericKubernetesResource stored =
        cluster.client.genericKubernetesResources(WIDGETS).withName("w1").get();
    assertThat(stored.getAdditionalProperties()).containsKey("spec");
    assertThat(kubectl.run("delete", "crd", "widgets.example.com").exitCode()).isZero();
    assertThat(kubectl.run("api-resources", "--api-group=example.com").out())
        .doesNotContain("widgets");
  }

  private static Deployment deployment(String name) {
    return new DeploymentBuilder()
        .withNewMetadata()
        .withName(name)
        .withNamespace("default")
        .endMetadata()
        .withNewSpec()
        .withReplicas(2)
        .withNewSelector()
        .addToMatchLabels("app", name)
        .endSelector()
        .withNewTemplate()
        .withNewMetadata()
        .addToLabels("app", name)
        .endMetadata()
        .withNewSpec()
        .addNewContainer()
        .withName(name)
        .withImage("nginx:1.25")
        .endContainer()
        .endSpec()
        .endTemplate()
        .endSpec()
        .build();
  }

  private static io.fabric8.kubernetes.api.model.ConfigMap configMap(String name) {
    return new ConfigMapBuilder()
        .withNewMetadata()
        .withName(name)
        .withNamespace("default")
        .endMetadata()
        .addToData("colour", "blue")
        .addToData("size", "3")
        .build();
  }

  private static String manifest(String name) {
    try {
      return Path.of(KubectlIT.class.getResource("kubectl/" + name).toURI()).toString();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
