package io.driftless.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.sandbox.controllers.Controller;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The simulated controllers, each on and off: what they write, that their writes bump the
 * resourceVersion as a real controller's do, and that generation moves only when they write spec
 * (the autoscaler).
 */
class ControllersIT {

  private static final String DEPLOYMENT = "/apis/apps/v1/namespaces/default/deployments/web";

  @TempDir Path dir;

  private SandboxFixture cluster;

  @AfterEach
  void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Test
  void aPlainClusterRunsEveryControllerButNoWebhook() {
    assertThat(Controller.defaults())
        .containsExactlyInAnyOrder(
            Controller.WORKLOAD_STATUS,
            Controller.JOB_COMPLETION,
            Controller.CRD_ESTABLISHING,
            Controller.AUTOSCALER,
            Controller.LOAD_BALANCER);
    assertThat(new SandboxSettings("127.0.0.1", 0, dir, null).controllers())
        .isEqualTo(Controller.defaults());
  }

  @Test
  void deploymentControllerWritesRolloutStatusAndRevision() {
    start(Controller.WORKLOAD_STATUS);
    var created = cluster.create(deployment("nginx:1.27", 2));

    var stored = cluster.get(DEPLOYMENT);

    // the answer to the create is the object as stored, before the controller wrote
    assertThat(Long.parseLong(stored.at("/metadata/resourceVersion").asText()))
        .isGreaterThan(Long.parseLong(created.getMetadata().getResourceVersion()));
    assertThat(stored.at("/metadata/generation").asInt()).isEqualTo(1);
    assertThat(stored.at("/metadata/annotations/deployment.kubernetes.io~1revision").asText())
        .isEqualTo("1");
    var status = stored.path("status");
    assertThat(status.path("observedGeneration").asInt()).isEqualTo(1);
    assertThat(status.path("replicas").asInt()).isEqualTo(2);
    assertThat(status.path("updatedReplicas").asInt()).isEqualTo(2);
    assertThat(status.path("readyReplicas").asInt()).isEqualTo(2);
    assertThat(status.path("availableReplicas").asInt()).isEqualTo(2);
    assertThat(status.at("/conditions/0/type").asText()).isEqualTo("Available");
    assertThat(status.at("/conditions/1/type").asText()).isEqualTo("Progressing");
    assertThat(status.at("/conditions/1/reason").asText()).isEqualTo("NewReplicaSetAvailable");
    assertThat(stored.at("/metadata/managedFields/1/manager").asText())
        .isEqualTo("kube-controller-manager");
    assertThat(stored.at("/metadata/managedFields/1/subresource").asText()).isEqualTo("status");
  }

  @Test
  void aNewTemplateIsANewRevisionAScaleIsNot() {
    start(Controller.WORKLOAD_STATUS);
    cluster.create(deployment("nginx:1.27", 1));

    cluster.client.apps().deployments().inNamespace("default").withName("web").scale(3);
    var scaled = cluster.get(DEPLOYMENT);
    cluster
        .client
        .apps()
        .deployments()
        .inNamespace("default")
        .withName("web")
        .edit(
            d -> {
              d.getSpec().getTemplate().getSpec().getContainers().get(0).setImage("nginx:1.28");
              return d;
            });
    var updated = cluster.get(DEPLOYMENT);

    assertThat(scaled.at("/metadata/annotations/deployment.kubernetes.io~1revision").asText())
        .isEqualTo("1");
    assertThat(scaled.at("/status/observedGeneration").asInt()).isEqualTo(2);
    assertThat(scaled.at("/status/readyReplicas").asInt()).isEqualTo(3);
    assertThat(updated.at("/metadata/annotations/deployment.kubernetes.io~1revision").asText())
        .isEqualTo("2");
    assertThat(updated.at("/metadata/generation").asInt()).isEqualTo(3);
    assertThat(updated.at("/status/observedGeneration").asInt()).isEqualTo(3);
  }

  @Test
  void withoutTheDeploymentControllerTheStatusStaysEmpty() {
    start();
    var created = cluster.create(deployment("nginx:1.27", 2));

    var stored = cluster.get(DEPLOYMENT);

    assertThat(stored.at("/metadata/resourceVersion").asText())
        .isEqualTo(created.getMetadata().getResourceVersion());
    assertThat(stored.path("status").isEmpty()).isTrue();
    assertThat(stored.at("/metadata").has("annotations")).isFalse();
  }

  @Test
  void statefulSetAndDaemonSetControllersWriteStatus() {
    start(Controller.WORKLOAD_STATUS);
    cluster.createAll("cf-for-k8s-parts.yml");

    var set = cluster.get("/apis/apps/v1/namespaces/cf-db/statefulsets/cf-db-postgresql");
    var daemons = cluster.get("/apis/apps/v1/namespaces/cf-system/daemonsets/fluentd");

    assertThat(set.at("/status/readyReplicas").asInt()).isEqualTo(1);
    assertThat(set.at("/status/currentRevision").asText()).startsWith("cf-db-postgresql-");
    assertThat(set.at("/status/observedGeneration").asInt()).isEqualTo(1);
    assertThat(daemons.at("/status/numberReady").asInt()).isEqualTo(1);
    assertThat(daemons.at("/status/observedGeneration").asInt()).isEqualTo(1);
    assertThat(set.at("/metadata/generation").asInt()).isEqualTo(1);
  }

  @Test
  void loadBalancerControllerGivesLoadBalancerServicesAnIngressAddressWhenOn() {
    start(Controller.LOAD_BALANCER);
    cluster.create(service("lb", "LoadBalancer"));
    cluster.create(service("plain", "ClusterIP"));
    cluster.sandbox.disable(Controller.LOAD_BALANCER);
    cluster.create(service("later", "LoadBalancer"));

    var lb = cluster.get("/api/v1/namespaces/default/services/lb");
    assertThat(lb.at("/status/loadBalancer/ingress/0/ip").asText()).startsWith("192.0.2.");
    var plain = cluster.get("/api/v1/namespaces/default/services/plain");
    assertThat(plain.at("/status/loadBalancer/ingress").isMissingNode()).isTrue();
    var later = cluster.get("/api/v1/namespaces/default/services/later");
    assertThat(later.at("/status/loadBalancer/ingress").isMissingNode()).isTrue();
  }

  private static String service(String name, String type) {
    return """
        apiVersion: v1
        kind: Service
        metadata: {name: %s, namespace: default}
        spec:
          type: %s
          selector: {app: web}
          ports: [{port: 80}]
        """
        .formatted(name, type);
  }

  @Test
  void jobControllerCompletesJobsWhenOn() {
    start(Controller.JOB_COMPLETION);
    cluster.createAll("cf-for-k8s-parts.yml");
    var job = cluster.get("/apis/batch/v1/namespaces/cf-system/jobs/ccdb-migrate");

    cluster.sandbox.disable(Controller.JOB_COMPLETION);
    cluster.create(job("later"));
    var later = cluster.get("/apis/batch/v1/namespaces/default/jobs/later");

    assertThat(job.at("/status/succeeded").asInt()).isEqualTo(1);
    assertThat(job.at("/status/conditions/0/type").asText()).isEqualTo("Complete");
    assertThat(job.at("/status/conditions/0/status").asText()).isEqualTo("True");
    assertThat(job.at("/status").has("completionTime")).isTrue();
    assertThat(later.path("status").isEmpty()).isTrue();
  }

  @Test
  void crdControllerEstablishesDefinitionsWhenOn() {
    start(Controller.CRD_ESTABLISHING);
    cluster.createAll("cert-manager-webhook.yml");
    var path =
        "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/orders.acme.cert-manager.io";

    var crd = cluster.get(path);

    assertThat(crd.at("/status/acceptedNames/plural").asText()).isEqualTo("orders");
    assertThat(crd.at("/status/acceptedNames/kind").asText()).isEqualTo("Order");
    assertThat(crd.at("/status/conditions/0/type").asText()).isEqualTo("NamesAccepted");
    assertThat(crd.at("/status/conditions/1/type").asText()).isEqualTo("Established");
    assertThat(crd.at("/status/conditions/1/status").asText()).isEqualTo("True");
    assertThat(crd.at("/metadata/generation").asInt()).isEqualTo(1);
  }

  @Test
  void withoutTheCrdControllerNamesAreNotAccepted() {
    start();
    cluster.createAll("cert-manager-webhook.yml");

    var crd =
        cluster.get(
            "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/orders.acme.cert-manager.io");

    assertThat(crd.at("/status/acceptedNames/plural").asText()).isEmpty();
    assertThat(crd.at("/status").has("conditions")).isFalse();
  }

  @Test
  void autoscalerScalesItsTargetToMinReplicasBumpingGeneration() {
    start(Controller.AUTOSCALER);
    cluster.create(deployment("nginx:1.27", 1));

    cluster.create(autoscaler(3));

    var scaled = cluster.get(DEPLOYMENT);
    assertThat(scaled.at("/spec/replicas").asInt()).isEqualTo(3);
    assertThat(scaled.at("/metadata/generation").asInt()).isEqualTo(2);
    assertThat(scaled.at("/metadata/managedFields/1/manager").asText())
        .isEqualTo("kube-controller-manager");
    var hpa = cluster.get("/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers/web");
    assertThat(hpa.at("/status/desiredReplicas").asInt()).isEqualTo(3);
  }

  @Test
  void autoscalerScalesToAChosenValueAndUndoesAClientsReplicas() {
    start(Controller.AUTOSCALER);
    cluster.create(autoscaler(2));
    cluster.sandbox.autoscaleTo(OptionalInt.of(5));

    cluster.create(deployment("nginx:1.27", 1));
    var afterCreate = cluster.get(DEPLOYMENT);
    cluster
        .client
        .apps()
        .deployments()
        .inNamespace("default")
        .withName("web")
        .edit(
            d -> {
              d.getSpec().setReplicas(1);
              return d;
            });
    var afterClientWrite = cluster.get(DEPLOYMENT);

    assertThat(afterCreate.at("/spec/replicas").asInt()).isEqualTo(5);
    assertThat(afterClientWrite.at("/spec/replicas").asInt()).isEqualTo(5);
    assertThat(afterClientWrite.at("/metadata/generation").asInt()).isEqualTo(4);
  }

  @Test
  void withoutTheAutoscalerReplicasStayAsSent() {
    start();
    cluster.create(deployment("nginx:1.27", 1));
    cluster.create(autoscaler(3));

    assertThat(cluster.get(DEPLOYMENT).at("/spec/replicas").asInt()).isEqualTo(1);
  }

  @Test
  void sidecarInjectorAddsAProxyInLabelledNamespacesOnly() {
    start(Controller.SIDECAR_INJECTOR);
    cluster.create(
        """
        apiVersion: v1
        kind: Namespace
        metadata: {name: mesh, labels: {istio-injection: enabled}}
        """);
    cluster.create(deployment("nginx:1.27", 1).replace("namespace: default", "namespace: mesh"));
    cluster.create(deployment("nginx:1.27", 1));

    var meshed = cluster.get("/apis/apps/v1/namespaces/mesh/deployments/web");
    var plain = cluster.get(DEPLOYMENT);

    var proxy = meshed.at("/spec/template/spec/containers/1");
    assertThat(proxy.path("name").asText()).isEqualTo("istio-proxy");
    // the webhook's output is defaulted like the client's input
    assertThat(proxy.path("terminationMessagePath").asText()).isEqualTo("/dev/termination-log");
    assertThat(proxy.path("imagePullPolicy").asText()).isEqualTo("IfNotPresent");
    assertThat(meshed.at("/spec/template/metadata/annotations").has("sidecar.istio.io/status"))
        .isTrue();
    assertThat(plain.at("/spec/template/spec/containers").size()).isEqualTo(1);
  }

  @Test
  void sidecarInjectorIsOffByDefaultAndFollowsATemplatesOptIn() {
    start(Controller.defaults().toArray(Controller[]::new));
    var optedIn =
        deployment("nginx:1.27", 1)
            .replace("labels: {app: web}", "labels: {app: web, sidecar.istio.io/inject: 'true'}");
    cluster.create(optedIn);
    var without = cluster.get(DEPLOYMENT);

    cluster.sandbox.enable(Controller.SIDECAR_INJECTOR);
    cluster
        .client
        .apps()
        .deployments()
        .inNamespace("default")
        .withName("web")
        .edit(
            d -> {
              d.getSpec().getTemplate().getMetadata().getLabels().put("version", "2");
              return d;
            });
    var with = cluster.get(DEPLOYMENT);

    assertThat(without.at("/spec/template/spec/containers").size()).isEqualTo(1);
    assertThat(with.at("/spec/template/spec/containers/1/name").asText()).isEqualTo("istio-proxy");
  }

  private void start(Controller... controllers) {
    var running = EnumSet.noneOf(Controller.class);
    running.addAll(Set.of(controllers));
    cluster = SandboxFixture.start(dir, running);
  }

  private static String deployment(String image, int replicas) {
    return """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web, namespace: default}
        spec:
          replicas: %d
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              containers: [{name: web, image: "%s"}]
        """
        .formatted(replicas, image);
  }

  private static String autoscaler(int minReplicas) {
    return """
        apiVersion: autoscaling/v2
        kind: HorizontalPodAutoscaler
        metadata: {name: web, namespace: default}
        spec:
          minReplicas: %d
          maxReplicas: 10
          scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
        """
        .formatted(minReplicas);
  }

  private static String job(String name) {
    return """
        apiVersion: batch/v1
        kind: Job
        metadata: {name: %s, namespace: default}
        spec:
          template:
            spec:
              restartPolicy: Never
              containers: [{name: c, image: "busybox:1.36"}]
        """
        .formatted(name);
  }
}
