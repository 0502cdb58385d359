package io.driftless.sandbox.defaults;

import static io.driftless.sandbox.objects.Nodes.defaultInt;
import static io.driftless.sandbox.objects.Nodes.defaultText;
import static io.driftless.sandbox.objects.Nodes.object;
import static io.driftless.sandbox.objects.Nodes.objects;
import static io.driftless.sandbox.objects.Nodes.unset;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.objects.Nodes;

/**
 * Defaults of a pod spec wherever one appears (Pods and the templates of workloads), after
 * kubernetes/kubernetes pkg/apis/core/v1/defaults.go and the declarative {@code +default} markers
 * of k8s.io/api/core/v1.
 */
final class PodSpecDefaults {

  private static final int DEFAULT_MODE = 0644;

  private PodSpecDefaults() {}

  /**
   * A pod template ({@code spec.template} of a workload): its metadata as the API server writes it
   * back (an ObjectMeta struct, so {@code creationTimestamp: null}) and its pod spec.
   */
  static void template(ObjectNode template) {
    emptyMetadata(template);
    podSpec(object(template, "spec"));
  }

  /**
   * An embedded ObjectMeta is a struct the Go JSON encoder never omits; its zero creationTimestamp
   * is written as {@code null} (Kubernetes 1.30).
   */
  static void emptyMetadata(ObjectNode embedded) {
    var metadata = object(embedded, "metadata");
    if (!metadata.has("creationTimestamp")) {
      metadata.putNull("creationTimestamp");
    }
  }

  /** SetDefaults_PodSpec, with the defaults of everything a pod spec holds. */
  static void podSpec(ObjectNode spec) {
    defaultText(spec, "dnsPolicy", "ClusterFirst");
    defaultText(spec, "restartPolicy", "Always");
    if (unset(spec, "securityContext")) {
      spec.set("securityContext", Nodes.newObject());
    }
    defaultInt(spec, "terminationGracePeriodSeconds", 30);
    defaultText(spec, "schedulerName", "default-scheduler");
    serviceAccount(spec);
    for (var field : new String[] {"containers", "initContainers", "ephemeralContainers"}) {
      objects(spec, field).forEach(PodSpecDefaults::container);
    }
    objects(spec, "volumes").forEach(PodSpecDefaults::volume);
  }

  /**
   * Convert_v1_PodSpec_To_core_PodSpec and back: serviceAccountName and the deprecated
   * serviceAccount are one field inside the API server, written back under both names.
   */
  private static void serviceAccount(ObjectNode spec) {
    if (unset(spec, "serviceAccountName") && !unset(spec, "serviceAccount")) {
      spec.set("serviceAccountName", spec.get("serviceAccount"));
    }
    if (!unset(spec, "serviceAccountName")) {
      spec.set("serviceAccount", spec.get("serviceAccountName"));
    }
  }

  /** SetDefaults_Container, ContainerPort's {@code +default="TCP"}, probes and handlers. */
  static void container(ObjectNode container) {
    if (unset(container, "imagePullPolicy")) {
      var image = container.path("image").asText("");
      container.put("imagePullPolicy", ImageTags.isLatest(image) ? "Always" : "IfNotPresent");
    }
    defaultText(container, "terminationMessagePath", "/dev/termination-log");
    defaultText(container, "terminationMessagePolicy", "File");
    objects(container, "ports").forEach(port -> defaultText(port, "protocol", "TCP"));
    for (var probe : new String[] {"livenessProbe", "readinessProbe", "startupProbe"}) {
      var node = container.get(probe);
      if (node instanceof ObjectNode object) {
        probe(object);
      }
    }
    var lifecycle = Nodes.find(container, "lifecycle");
    if (lifecycle != null) {
      for (var hook : new String[] {"postStart", "preStop"}) {
        handler(Nodes.find(lifecycle, hook));
      }
    }
    for (var env : objects(container, "env")) {
      fieldRef(Nodes.find(env, "valueFrom", "fieldRef"));
    }
    resources(Nodes.find(container, "resources"));
  }

  /** SetDefaults_ResourceList and the canonical form of quantities, on requests and limits. */
  static void resources(ObjectNode resources) {
    if (resources != null) {
      Quantities.resourceList(resources, "limits");
      Quantities.resourceList(resources, "requests");
    }
  }

  /** SetDefaults_Probe. */
  private static void probe(ObjectNode probe) {
    defaultPositive(probe, "timeoutSeconds", 1);
    defaultPositive(probe, "periodSeconds", 10);
    defaultPositive(probe, "successThreshold", 1);
    defaultPositive(probe, "failureThreshold", 3);
    handler(probe);
  }

  /** SetDefaults_HTTPGetAction on a probe's or a lifecycle hook's httpGet. */
  private static void handler(ObjectNode handler) {
    var httpGet = handler == null ? null : Nodes.find(handler, "httpGet");
    if (httpGet != null) {
      defaultText(httpGet, "path", "/");
      defaultText(httpGet, "scheme", "HTTP");
    }
  }

  /** SetDefaults_ObjectFieldSelector. */
  private static void fieldRef(ObjectNode fieldRef) {
    if (fieldRef != null) {
      defaultText(fieldRef, "apiVersion", "v1");
    }
  }

  /**
   * SetDefaults_Volume (no source: an emptyDir), SetDefaults_SecretVolumeSource,
   * SetDefaults_ConfigMapVolumeSource, SetDefaults_DownwardAPIVolumeSource,
   * SetDefaults_ProjectedVolumeSource, SetDefaults_ServiceAccountTokenProjection and
   * SetDefaults_HostPathVolumeSource.
   */
  private static void volume(ObjectNode volume) {
    if (volume.size() == 1 && volume.has("name")) {
      volume.set("emptyDir", Nodes.newObject());
    }
    for (var source : new String[] {"secret", "configMap", "downwardAPI", "projected"}) {
      var node = Nodes.find(volume, source);
      if (node != null) {
        defaultInt(node, "defaultMode", DEFAULT_MODE);
      }
    }
    objects(Nodes.find(volume, "downwardAPI"), "items")
        .forEach(item -> fieldRef(Nodes.find(item, "fieldRef")));
    for (var projection : objects(Nodes.find(volume, "projected"), "sources")) {
      var token = Nodes.find(projection, "serviceAccountToken");
      if (token != null) {
        defaultInt(token, "expirationSeconds", 3600);
      }
      objects(Nodes.find(projection, "downwardAPI"), "items")
          .forEach(item -> fieldRef(Nodes.find(item, "fieldRef")));
    }
    var emptyDir = Nodes.find(volume, "emptyDir");
    if (emptyDir != null) {
      Quantities.single(emptyDir, "sizeLimit");
    }
    var hostPath = Nodes.find(volume, "hostPath");
    if (hostPath != null && !hostPath.has("type")) {
      hostPath.put("type", "");
    }
  }

  /** Go's "if the int32 is 0, set it": an explicit 0 is defaulted too. */
  private static void defaultPositive(ObjectNode parent, String field, int value) {
    if (parent.path(field).asLong(0) == 0) {
      parent.put(field, value);
    }
  }
}
