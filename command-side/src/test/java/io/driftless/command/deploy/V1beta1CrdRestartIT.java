package io.driftless.command.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.command.CommandSideApplication;
import io.driftless.command.cluster.ClusterWatches;
import io.driftless.command.cluster.WatchedKind;
import io.driftless.command.support.Api;
import io.driftless.command.support.TestCluster;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Issue 25, point 3: CRDs created as {@code apiextensions.k8s.io/v1beta1} (as cf-for-k8s v0.2.0
 * ships them: {@code spec.version} alone, or {@code spec.versions}, and a top-level {@code
 * spec.names}) and custom resources of their kinds, deployed, then the command side restarted (a
 * new application context on the same H2 data directory and the same sandbox cluster): it knows
 * nothing of the kinds but what the cluster's CRDs say. A reconcile then succeeds and is a noop,
 * and the watch trigger watches both kinds without a {@code Cannot watch} warning. A CRD deleted
 * outside after the restart (with its custom resource) is created again by the first reconcile,
 * whose plan learns its kind from the app's stored CRD.
 */
@ExtendWith(OutputCaptureExtension.class)
class V1beta1CrdRestartIT {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static final String MANIFEST =
      """
      apiVersion: apiextensions.k8s.io/v1beta1
      kind: CustomResourceDefinition
      metadata:
        name: widgets.old.example.com
      spec:
        group: old.example.com
        version: v1alpha1
        scope: Namespaced
        names:
          kind: Widget
          plural: widgets
          singular: widget
        validation:
          openAPIV3Schema:
            type: object
      ---
      apiVersion: apiextensions.k8s.io/v1beta1
      kind: CustomResourceDefinition
      metadata:
        name: gadgets.old.example.com
      spec:
        group: old.example.com
        versions:
        - name: v1beta2
          served: true
          storage: true
        scope: Cluster
        names:
          kind: Gadget
          plural: gadgets
      ---
      apiVersion: old.example.com/v1alpha1
      kind: Widget
      metadata:
        name: first-widget
      spec:
        size: 3
      ---
      apiVersion: old.example.com/v1beta2
      kind: Gadget
      metadata:
        name: first-gadget
      spec:
        color: blue
      """;

  private static final List<WatchedKind> KINDS =
      List.of(
          new WatchedKind("old.example.com/v1alpha1", "Widget"),
          new WatchedKind("old.example.com/v1beta2", "Gadget"));

  private static final ResourceDefinitionContext WIDGETS =
      new ResourceDefinitionContext.Builder()
          .withGroup("old.example.com")
          .withVersion("v1alpha1")
          .withKind("Widget")
          .withPlural("widgets")
          .withNamespaced(true)
          .build();
  private static final ResourceDefinitionContext CRDS =
      new ResourceDefinitionContext.Builder()
          .withGroup("apiextensions.k8s.io")
          .withVersion("v1beta1")
          .withKind("CustomResourceDefinition")
          .withPlural("customresourcedefinitions")
          .withNamespaced(false)
          .build();

  private final Path data = Path.of("target", "v1beta1-crds-" + UUID.randomUUID()).toAbsolutePath();
  private final String kubeconfig = TestCluster.kubeconfig();

  @Test
  void kindsOfV1beta1CrdsAreFoundAfterARestartAndTheReconcileIsANoop(CapturedOutput output)
      throws Exception {
    try (var first = start(false)) {
      var deployed = new Api(port(first)).deployYaml("old-crds", MANIFEST);
      assertThat(deployed.statusCode()).as(deployed.body()).isEqualTo(200);
    }
    var before = output.length();

    try (var restarted = start(true)) {
      var watches = restarted.getBean(ClusterWatches.class);
      await("the restarted command side watches both custom kinds")
          .atMost(Duration.ofSeconds(20))
          .until(() -> watches.scope().containsAll(KINDS));
      var reconciled = reconcile(port(restarted), "old-crds");

      assertThat(reconciled.statusCode()).as(reconciled.body()).isEqualTo(200);
      var answer = JSON.readTree(reconciled.body());
      assertThat(answer.get("changeId").isNull()).as(reconciled.body()).isTrue();
      assertThat(answer.get("changes")).isEmpty();
    }
    var afterRestart = output.toString().substring(before);
    assertThat(afterRestart).as("the log is captured").contains("Watching Widget (old.example.com");
    assertThat(afterRestart).doesNotContain("Cannot watch");
    assertThat(afterRestart).doesNotContain("no CustomResourceDefinition declares");
  }

  @Test
  void aCrdDeletedOutsideIsRestoredWithItsResourceByTheFirstReconcileAfterARestart()
      throws Exception {
    try (var first = start(false)) {
      var deployed = new Api(port(first)).deployYaml("lost-crd", MANIFEST);
      assertThat(deployed.statusCode()).as(deployed.body()).isEqualTo(200);
    }

    try (var restarted = start(false)) {
      var cluster = restarted.getBean(KubernetesClient.class);
      // As an operator's kubectl delete crd: the API server deletes its custom resources with it.
      cluster
          .genericKubernetesResources(WIDGETS)
          .inNamespace("default")
          .withName("first-widget")
          .delete();
      cluster.genericKubernetesResources(CRDS).withName("widgets.old.example.com").delete();

      var reconciled = reconcile(port(restarted), "lost-crd");

      assertThat(reconciled.statusCode()).as(reconciled.body()).isEqualTo(200);
      assertThat(cluster.genericKubernetesResources(CRDS).withName("widgets.old.example.com").get())
          .isNotNull();
      assertThat(
              cluster
                  .genericKubernetesResources(WIDGETS)
                  .inNamespace("default")
                  .withName("first-widget")
                  .get())
          .isNotNull();
      var again = reconcile(port(restarted), "lost-crd");
      assertThat(JSON.readTree(again.body()).get("changeId").isNull()).as(again.body()).isTrue();
    }
  }

  /**
   * The command side on the test's data directory and sandbox; {@code watching}: with the periodic
   * and watch-triggered reconciles. The first life runs without them: fabric8's mock server blocks
   * its event loop while it closes a watch whose last event is still being sent (its {@code
   * WatchEventsListener.onClosed} awaits that send, which needs the event loop), and the restarted
   * life's first reads of the in-process sandbox would time out (10 s), which is not this test's
   * subject.
   */
  private ConfigurableApplicationContext start(boolean watching) {
    return new SpringApplicationBuilder(CommandSideApplication.class)
        .run(
            "--server.port=0",
            "--driftless.data-dir=" + data,
            "--driftless.cluster.kubeconfig=" + kubeconfig,
            "--driftless.reconcile.enabled=" + watching,
            "--driftless.reconcile.sync-period=1h");
  }

  private static int port(ConfigurableApplicationContext context) {
    return ((WebServerApplicationContext) context).getWebServer().getPort();
  }

  private static HttpResponse<String> reconcile(int port, String app) throws Exception {
    var request =
        HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + port + "/api/apps/default/" + app + "/reconcile"))
            .POST(HttpRequest.BodyPublishers.noBody())
            .build();
    return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
  }
}
