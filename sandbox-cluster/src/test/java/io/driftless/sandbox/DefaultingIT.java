package io.driftless.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The defaults a Kubernetes 1.30 API server writes into the objects of real manifests (objects of
 * cert-manager v1.6.1 and cf-for-k8s v0.2.0, from kapp's examples), created through fabric8's
 * client and read back raw. Controllers are off: what is asserted is what the API server itself
 * stores.
 */
class DefaultingIT {

  @TempDir Path dir;

  private SandboxFixture cluster;

  @BeforeEach
  void start() {
    cluster = SandboxFixture.start(dir, Set.of());
    cluster.createAll("cf-for-k8s-parts.yml");
  }

  @AfterEach
  void stop() {
    cluster.close();
  }

  @Test
  void deploymentGetsItsSpecAndPodTemplateDefaults() {
    var deployment = cluster.get("/apis/apps/v1/namespaces/cf-system/deployments/cf-api-server");

    assertThat(at(deployment, "/spec/strategy/type").asText()).isEqualTo("RollingUpdate");
    // int-or-string values keep the form they were sent in
    assertThat(at(deployment, "/spec/strategy/rollingUpdate/maxSurge").isInt()).isTrue();
    assertThat(at(deployment, "/spec/strategy/rollingUpdate/maxUnavailable").asInt()).isEqualTo(1);
    assertThat(at(deployment, "/spec/revisionHistoryLimit").asInt()).isEqualTo(10);
    assertThat(at(deployment, "/spec/progressDeadlineSeconds").asInt()).isEqualTo(600);
    assertThat(at(deployment, "/spec/replicas").asInt()).isEqualTo(2);
    assertThat(at(deployment, "/spec/template/metadata").has("creationTimestamp")).isTrue();
    assertThat(at(deployment, "/spec/template/metadata/creationTimestamp").isNull()).isTrue();
    var pod = at(deployment, "/spec/template/spec");
    assertThat(pod.path("dnsPolicy").asText()).isEqualTo("ClusterFirst");
    assertThat(pod.path("restartPolicy").asText()).isEqualTo("Always");
    assertThat(pod.path("schedulerName").asText()).isEqualTo("default-scheduler");
    assertThat(pod.path("securityContext").isObject()).isTrue();
    assertThat(pod.path("securityContext").isEmpty()).isTrue();
    assertThat(pod.path("terminationGracePeriodSeconds").asInt()).isEqualTo(30);
    var nginx = container(pod, "nginx");
    assertThat(nginx.path("terminationMessagePath").asText()).isEqualTo("/dev/termination-log");
    assertThat(nginx.path("terminationMessagePolicy").asText()).isEqualTo("File");
    assertThat(nginx.path("imagePullPolicy").asText()).isEqualTo("Always");
    assertThat(at(nginx, "/ports/0/protocol").asText()).isEqualTo("TCP");
    var probe = nginx.path("readinessProbe");
    assertThat(probe.path("timeoutSeconds").asInt()).isEqualTo(1);
    assertThat(probe.path("periodSeconds").asInt()).isEqualTo(10);
    assertThat(probe.path("successThreshold").asInt()).isEqualTo(1);
    assertThat(probe.path("failureThreshold").asInt()).isEqualTo(3);
    assertThat(at(probe, "/httpGet/scheme").asText()).isEqualTo("HTTP");
    assertThat(at(probe, "/httpGet/path").asText()).isEqualTo("/healthz");
  }

  @Test
  void deploymentWithoutStrategyGetsRollingUpdateOfAQuarterEachWay() {
    cluster.create(
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web, namespace: default}
        spec:
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              serviceAccountName: web
              containers:
              - name: web
                image: nginx
                resources: {limits: {cpu: 1000m, memory: 1024Mi}, requests: {cpu: 0.5}}
        """);

    var deployment = cluster.get("/apis/apps/v1/namespaces/default/deployments/web");

    assertThat(at(deployment, "/spec/replicas").asInt()).isEqualTo(1);
    assertThat(at(deployment, "/spec/strategy/rollingUpdate/maxSurge").asText()).isEqualTo("25%");
    assertThat(at(deployment, "/spec/strategy/rollingUpdate/maxUnavailable").asText())
        .isEqualTo("25%");
    // no tag: latest, pulled Always
    assertThat(at(deployment, "/spec/template/spec/containers/0/imagePullPolicy").asText())
        .isEqualTo("Always");
    // the deprecated serviceAccount is written back beside serviceAccountName
    assertThat(at(deployment, "/spec/template/spec/serviceAccount").asText()).isEqualTo("web");
    assertThat(deployment.path("status").isObject()).isTrue();
    assertThat(deployment.path("status").isEmpty()).isTrue();
    // quantities are written back in their canonical form
    var resources = at(deployment, "/spec/template/spec/containers/0/resources");
    assertThat(at(resources, "/limits/cpu").asText()).isEqualTo("1");
    assertThat(at(resources, "/limits/memory").asText()).isEqualTo("1Gi");
    assertThat(at(resources, "/requests/cpu").asText()).isEqualTo("500m");
  }

  @Test
  void statefulSetGetsPolicyStrategyRetentionAndClaimTemplateDefaults() {
    var set = cluster.get("/apis/apps/v1/namespaces/cf-db/statefulsets/cf-db-postgresql");

    assertThat(at(set, "/spec/podManagementPolicy").asText()).isEqualTo("OrderedReady");
    assertThat(at(set, "/spec/updateStrategy/type").asText()).isEqualTo("RollingUpdate");
    assertThat(at(set, "/spec/revisionHistoryLimit").asInt()).isEqualTo(10);
    assertThat(at(set, "/spec/persistentVolumeClaimRetentionPolicy/whenDeleted").asText())
        .isEqualTo("Retain");
    assertThat(at(set, "/spec/persistentVolumeClaimRetentionPolicy/whenScaled").asText())
        .isEqualTo("Retain");
    var claim = at(set, "/spec/volumeClaimTemplates/0");
    assertThat(claim.path("apiVersion").asText()).isEqualTo("v1");
    assertThat(claim.path("kind").asText()).isEqualTo("PersistentVolumeClaim");
    assertThat(at(claim, "/spec/volumeMode").asText()).isEqualTo("Filesystem");
    assertThat(at(claim, "/status/phase").asText()).isEqualTo("Pending");
    assertThat(at(set, "/status/replicas").asInt(-1)).isZero();
    // a probe given all its values keeps them
    var postgres = container(at(set, "/spec/template/spec"), "cf-db-postgresql");
    assertThat(at(postgres, "/livenessProbe/timeoutSeconds").asInt()).isEqualTo(5);
    assertThat(at(postgres, "/livenessProbe/failureThreshold").asInt()).isEqualTo(6);
  }

  @Test
  void daemonSetGetsItsRollingUpdateAndVolumeDefaults() {
    var set = cluster.get("/apis/apps/v1/namespaces/cf-system/daemonsets/fluentd");

    assertThat(at(set, "/spec/updateStrategy/type").asText()).isEqualTo("RollingUpdate");
    assertThat(at(set, "/spec/updateStrategy/rollingUpdate/maxUnavailable").asInt()).isEqualTo(1);
    assertThat(at(set, "/spec/updateStrategy/rollingUpdate/maxSurge").isInt()).isTrue();
    assertThat(at(set, "/spec/updateStrategy/rollingUpdate/maxSurge").asInt()).isZero();
    assertThat(at(set, "/spec/revisionHistoryLimit").asInt()).isEqualTo(10);
    var volumes = at(set, "/spec/template/spec/volumes");
    assertThat(volume(volumes, "fluentd-config").path("configMap").path("defaultMode").asInt())
        .isEqualTo(420);
    assertThat(volume(volumes, "ca").path("secret").path("defaultMode").asInt()).isEqualTo(420);
    assertThat(volume(volumes, "varlog").path("hostPath").path("type").asText("x")).isEmpty();
    // quantities already canonical stay as they are
    assertThat(at(set, "/spec/template/spec/containers/0/resources/requests/cpu").asText())
        .isEqualTo("100m");
  }

  @Test
  void jobGetsCompletionDefaultsAndASelectorOnItsUid() {
    var job = cluster.get("/apis/batch/v1/namespaces/cf-system/jobs/ccdb-migrate");
    var uid = at(job, "/metadata/uid").asText();

    assertThat(at(job, "/spec/completions").asInt()).isEqualTo(1);
    assertThat(at(job, "/spec/parallelism").asInt()).isEqualTo(1);
    assertThat(at(job, "/spec/backoffLimit").asInt()).isEqualTo(6);
    assertThat(at(job, "/spec/completionMode").asText()).isEqualTo("NonIndexed");
    assertThat(at(job, "/spec/suspend").isBoolean()).isTrue();
    assertThat(at(job, "/spec/suspend").asBoolean()).isFalse();
    assertThat(at(job, "/spec/podReplacementPolicy").asText()).isEqualTo("TerminatingOrFailed");
    assertThat(at(job, "/spec/selector/matchLabels/batch.kubernetes.io~1controller-uid").asText())
        .isEqualTo(uid);
    var labels = at(job, "/spec/template/metadata/labels");
    assertThat(labels.path("controller-uid").asText()).isEqualTo(uid);
    assertThat(labels.path("batch.kubernetes.io/job-name").asText()).isEqualTo("ccdb-migrate");
    assertThat(labels.path("job-name").asText()).isEqualTo("ccdb-migrate");
    assertThat(at(job, "/spec/template/spec/restartPolicy").asText()).isEqualTo("OnFailure");
  }

  @Test
  void cronJobGetsItsPoliciesAndItsJobTemplateOnlyPodDefaults() {
    cluster.create(
        """
        apiVersion: batch/v1
        kind: CronJob
        metadata: {name: nightly, namespace: default}
        spec:
          schedule: "0 3 * * *"
          jobTemplate:
            spec:
              template:
                spec:
                  restartPolicy: Never
                  containers: [{name: backup, image: "busybox:1.36"}]
        """);

    var cronJob = cluster.get("/apis/batch/v1/namespaces/default/cronjobs/nightly");

    assertThat(at(cronJob, "/spec/concurrencyPolicy").asText()).isEqualTo("Allow");
    assertThat(at(cronJob, "/spec/suspend").asBoolean(true)).isFalse();
    assertThat(at(cronJob, "/spec/successfulJobsHistoryLimit").asInt()).isEqualTo(3);
    assertThat(at(cronJob, "/spec/failedJobsHistoryLimit").asInt()).isEqualTo(1);
    assertThat(at(cronJob, "/spec/jobTemplate/spec").has("backoffLimit")).isFalse();
    assertThat(at(cronJob, "/spec/jobTemplate/spec/template/spec/dnsPolicy").asText())
        .isEqualTo("ClusterFirst");
    assertThat(
            at(cronJob, "/spec/jobTemplate/spec/template/spec/containers/0/imagePullPolicy")
                .asText())
        .isEqualTo("IfNotPresent");
  }

  @Test
  void serviceGetsAClusterIpFamiliesAndTrafficPolicies() {
    var service = cluster.get("/api/v1/namespaces/istio-system/services/istio-ingressgateway");

    var ip = at(service, "/spec/clusterIP").asText();
    assertThat(ip).startsWith("10.96.");
    assertThat(at(service, "/spec/clusterIPs").toString()).isEqualTo("[\"" + ip + "\"]");
    assertThat(at(service, "/spec/ipFamilies").toString()).isEqualTo("[\"IPv4\"]");
    assertThat(at(service, "/spec/ipFamilyPolicy").asText()).isEqualTo("SingleStack");
    assertThat(at(service, "/spec/sessionAffinity").asText()).isEqualTo("None");
    assertThat(at(service, "/spec/internalTrafficPolicy").asText()).isEqualTo("Cluster");
    assertThat(at(service, "/spec/externalTrafficPolicy").asText()).isEqualTo("Local");
    assertThat(at(service, "/spec/allocateLoadBalancerNodePorts").asBoolean()).isTrue();
    var https = port(service, "https");
    assertThat(https.path("protocol").asText()).isEqualTo("TCP");
    assertThat(https.path("targetPort").asInt()).isEqualTo(443);
    var nodePorts = new java.util.HashSet<Integer>();
    for (var port : at(service, "/spec/ports")) {
      assertThat(port.path("nodePort").asInt()).isBetween(30000, 32767);
      nodePorts.add(port.path("nodePort").asInt());
    }
    assertThat(nodePorts).hasSize(at(service, "/spec/ports").size());
    assertThat(at(service, "/status/loadBalancer").isObject()).isTrue();
  }

  @Test
  void servicesGetDistinctAddressesAndHeadlessOnesNone() {
    var headless = cluster.get("/api/v1/namespaces/cf-db/services/cf-db-postgresql-headless");
    var gateway = cluster.get("/api/v1/namespaces/istio-system/services/istio-ingressgateway");

    assertThat(at(headless, "/spec/clusterIP").asText()).isEqualTo("None");
    assertThat(at(headless, "/spec/clusterIPs").toString()).isEqualTo("[\"None\"]");
    assertThat(at(headless, "/spec/ports/0/targetPort").asText()).isEqualTo("tcp-postgresql");
    assertThat(at(headless, "/spec/ports/0").has("nodePort")).isFalse();
    assertThat(at(gateway, "/spec/clusterIP").asText())
        .isNotEqualTo(at(headless, "/spec/clusterIP").asText());
  }

  @Test
  void secretStringDataIsFoldedIntoDataAndTypedOpaque() {
    cluster.create(
        """
        apiVersion: v1
        kind: Secret
        metadata: {name: untyped, namespace: default}
        stringData: {password: s3cret}
        """);

    var folded = cluster.get("/api/v1/namespaces/cf-system/secrets/cfroutesync");
    var untyped = cluster.get("/api/v1/namespaces/default/secrets/untyped");

    assertThat(folded.has("stringData")).isFalse();
    assertThat(decode(at(folded, "/data/clientSecret"))).isEqualTo("1wjwxnwdmky9owywf716");
    assertThat(untyped.path("type").asText()).isEqualTo("Opaque");
    assertThat(decode(at(untyped, "/data/password"))).isEqualTo("s3cret");
  }

  @Test
  void networkPolicyGetsItsPolicyTypesAndPortProtocols() {
    cluster.create(
        """
        apiVersion: networking.k8s.io/v1
        kind: NetworkPolicy
        metadata: {name: egress, namespace: default}
        spec:
          podSelector: {}
          egress: [{ports: [{port: 53}]}]
        """);
    var kept =
        cluster.get(
            "/apis/networking.k8s.io/v1/namespaces/cf-workloads/networkpolicies/deny-app-ingress");

    var policy =
        cluster.get("/apis/networking.k8s.io/v1/namespaces/default/networkpolicies/egress");

    assertThat(at(policy, "/spec/policyTypes").toString()).isEqualTo("[\"Ingress\",\"Egress\"]");
    assertThat(at(policy, "/spec/egress/0/ports/0/protocol").asText()).isEqualTo("TCP");
    assertThat(at(kept, "/spec/policyTypes").toString()).isEqualTo("[\"Ingress\"]");
  }

  @Test
  void certManagerWebhookObjectsGetTheirDefaults() {
    cluster.createAll("cert-manager-webhook.yml");

    var namespace = cluster.get("/api/v1/namespaces/cert-manager");
    assertThat(at(namespace, "/metadata/labels/kubernetes.io~1metadata.name").asText())
        .isEqualTo("cert-manager");
    assertThat(at(namespace, "/spec/finalizers").toString()).isEqualTo("[\"kubernetes\"]");
    assertThat(at(namespace, "/status/phase").asText()).isEqualTo("Active");
    var mutating =
        cluster.get(
            "/apis/admissionregistration.k8s.io/v1/mutatingwebhookconfigurations/"
                + "cert-manager-webhook");
    var webhook = at(mutating, "/webhooks/0");
    assertThat(webhook.path("reinvocationPolicy").asText()).isEqualTo("Never");
    assertThat(webhook.path("namespaceSelector").isObject()).isTrue();
    assertThat(webhook.path("objectSelector").isObject()).isTrue();
    assertThat(at(webhook, "/rules/0/scope").asText()).isEqualTo("*");
    assertThat(at(webhook, "/clientConfig/service/port").asInt()).isEqualTo(443);
    var crd =
        cluster.get(
            "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/orders.acme.cert-manager.io");
    assertThat(at(crd, "/spec/names/singular").asText()).isEqualTo("order");
    assertThat(at(crd, "/spec/names/listKind").asText()).isEqualTo("OrderList");
    assertThat(at(crd, "/status/storedVersions").toString()).isEqualTo("[\"v1\"]");
    var deployment =
        cluster.get("/apis/apps/v1/namespaces/cert-manager/deployments/cert-manager-webhook");
    assertThat(
            at(deployment, "/spec/template/spec/containers/0/env/0/valueFrom/fieldRef/apiVersion")
                .asText())
        .isEqualTo("v1");
    // a ServiceAccount is stored as sent, apart from server metadata
    var account =
        cluster.get("/api/v1/namespaces/cert-manager/serviceaccounts/cert-manager-webhook");
    assertThat(account.has("secrets")).isFalse();
  }

  @Test
  void serverMetadataIsSetOnCreate() {
    var configMap =
        (ObjectNode) cluster.get("/apis/apps/v1/namespaces/cf-system/deployments/cf-api-server");

    var metadata = configMap.path("metadata");
    assertThat(metadata.path("uid").asText()).matches("[0-9a-f-]{36}");
    assertThat(metadata.path("resourceVersion").asText()).matches("[0-9]+");
    assertThat(metadata.path("creationTimestamp").asText()).endsWith("Z");
    assertThat(metadata.path("generation").asInt()).isEqualTo(1);
    var managed = metadata.path("managedFields").get(0);
    assertThat(managed.path("manager").asText()).isEqualTo("fabric8-kubernetes-client");
    assertThat(managed.path("operation").asText()).isEqualTo("Update");
    assertThat(managed.path("fieldsType").asText()).isEqualTo("FieldsV1");
    assertThat(managed.path("fieldsV1").path("f:spec").has("f:replicas")).isTrue();
  }

  static JsonNode at(JsonNode node, String pointer) {
    return node.at(pointer);
  }

  private static JsonNode container(JsonNode podSpec, String name) {
    for (var container : podSpec.path("containers")) {
      if (container.path("name").asText().equals(name)) {
        return container;
      }
    }
    throw new AssertionError("no container " + name + " in " + podSpec);
  }

  private static JsonNode volume(JsonNode volumes, String name) {
    for (var volume : volumes) {
      if (volume.path("name").asText().equals(name)) {
        return volume;
      }
    }
    throw new AssertionError("no volume " + name);
  }

  private static JsonNode port(JsonNode service, String name) {
    for (var port : service.path("spec").path("ports")) {
      if (port.path("name").asText().equals(name)) {
        return port;
      }
    }
    throw new AssertionError("no port " + name);
  }

  private static String decode(JsonNode value) {
    return new String(Base64.getDecoder().decode(value.asText()), StandardCharsets.UTF_8);
  }
}
