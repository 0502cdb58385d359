package io.driftless.standalone.kappexamples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.net.ssl.SSLContext;

/**
 * Reads the sandbox cluster the way a client of a real API server would: a GET of each object's
 * REST path. The paths come from the test's own tables, not from Driftless's cluster gateway, so a
 * resource written under the wrong plural or scope is not found: built-in kinds from the list
 * below, custom kinds from the CRDs (the manifest's, or one the test created).
 */
final class SandboxObjects {

  /** The built-in kinds the examples use; each one's plural is its lowercase name plus "s". */
  private static final Set<String> BUILT_IN =
      Set.of(
          "Namespace",
          "ServiceAccount",
          "ConfigMap",
          "Secret",
          "Service",
          "ResourceQuota",
          "Deployment",
          "Job",
          "HorizontalPodAutoscaler",
          "PodDisruptionBudget",
          "Role",
          "RoleBinding",
          "ClusterRole",
          "ClusterRoleBinding",
          "CustomResourceDefinition",
          "MutatingWebhookConfiguration",
          "ValidatingWebhookConfiguration",
          "APIService",
          "Pod",
          "NetworkPolicy",
          "PodSecurityPolicy",
          "PriorityClass",
          "PersistentVolumeClaim",
          "DaemonSet",
          "StatefulSet");

  private static final Set<String> CLUSTER_SCOPED =
      Set.of(
          "Namespace",
          "ClusterRole",
          "ClusterRoleBinding",
          "CustomResourceDefinition",
          "MutatingWebhookConfiguration",
          "ValidatingWebhookConfiguration",
          "APIService",
          "PodSecurityPolicy",
          "PriorityClass");

  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpClient http;
  private final String server;
  private final String token;
  private final String appNamespace;
  private final Map<String, CustomKind> customKinds;

  /**
   * @param server the API server's URL (the sandbox's, from the kubeconfig)
   * @param token the bearer token it asks for (the kubeconfig's)
   * @param tls a context trusting its certificate
   * @param appNamespace where a namespaced object without a namespace goes (kapp: the kubeconfig's
   *     namespace)
   */
  SandboxObjects(
      String server,
      String token,
      SSLContext tls,
      String appNamespace,
      Map<String, CustomKind> customKinds) {
    this.http = HttpClient.newBuilder().sslContext(tls).build();
    this.server = server.replaceAll("/+$", "");
    this.token = token;
    this.appNamespace = appNamespace;
    this.customKinds = Map.copyOf(customKinds);
  }

  /** The live object, if the cluster has it. */
  Optional<JsonNode> get(ExpectedResource resource) {
    try {
      var request =
          HttpRequest.newBuilder(URI.create(server + path(resource)))
              .header("Authorization", "Bearer " + token)
              .GET()
              .build();
      var response = http.send(request, HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() == 404) {
        return Optional.empty();
      }
      if (response.statusCode() != 200) {
        throw new AssertionError(
            "GET " + path(resource) + " -> " + response.statusCode() + " " + response.body());
      }
      return Optional.of(JSON.readTree(response.body()));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** The resources the cluster has. */
  List<ExpectedResource> present(List<ExpectedResource> resources) {
    return resources.stream().filter(r -> get(r).isPresent()).toList();
  }

  /** The resources the cluster does not have. */
  List<ExpectedResource> missing(List<ExpectedResource> resources) {
    return resources.stream().filter(r -> get(r).isEmpty()).toList();
  }

  /** The object's REST path, e.g. {@code /apis/apps/v1/namespaces/istio-system/deployments/x}. */
  String path(ExpectedResource resource) {
    var custom = customKinds.get(resource.groupKind());
    if (custom == null && !BUILT_IN.contains(resource.kind())) {
      throw new IllegalStateException(
          "the test knows no plural for "
              + resource.groupKind()
              + ": add it to SandboxObjects.BUILT_IN or give its CRD");
    }
    var plural = custom != null ? custom.plural() : plural(resource.kind());
    var clusterScoped =
        custom != null ? custom.clusterScoped() : CLUSTER_SCOPED.contains(resource.kind());
    var prefix =
        resource.group().isEmpty()
            ? "/api/" + resource.version()
            : "/apis/" + resource.group() + "/" + resource.version();
    var namespace = resource.namespace() != null ? resource.namespace() : appNamespace;
    var scope = clusterScoped ? "" : "/namespaces/" + namespace;
    return prefix + scope + "/" + plural + "/" + resource.name();
  }

  /**
   * A built-in kind's resource name: {@code networkpolicies}, {@code priorityclasses}, {@code
   * deployments}.
   */
  private static String plural(String kind) {
    var lower = kind.toLowerCase(Locale.ROOT);
    if (lower.endsWith("y")) {
      return lower.substring(0, lower.length() - 1) + "ies";
    }
    return lower.endsWith("s") ? lower + "es" : lower + "s";
  }
}
