package io.driftless.command.cluster;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.dsl.internal.OperationSupport;
import java.io.ByteArrayInputStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * A LIST as fabric8's {@code list()} makes it (the same URL, the client's own HTTP client with its
 * authentication, retries and request timeout), but answered as bytes, so that {@link ListBodies}
 * can see an answer it had before without decoding it; decoded, the items are fabric8's generic
 * resources, as {@code list()} gives them. A failed LIST is fabric8's {@link
 * KubernetesClientException} with the server's status, as {@code list()} throws it.
 */
final class RawLists {

  private final KubernetesClient client;
  // the client may be a lazy proxy whose every call resolves it again
  private volatile String masterUrl;

  RawLists(KubernetesClient client) {
    this.client = client;
  }

  /**
   * The URL of the LIST of {@code context}'s kind in {@code namespace} (null: every namespace, or a
   * cluster-scoped kind), selecting {@code label=value} unless {@code label} is null.
   */
  String url(ResourceDefinitionContext context, String namespace, String label, String value) {
    var group = context.getGroup();
    var url = new StringBuilder(masterUrl());
    if (group == null || group.isEmpty()) {
      url.append("api/");
    } else {
      url.append("apis/").append(group).append('/');
    }
    url.append(context.getVersion());
    if (namespace != null) {
      url.append("/namespaces/").append(namespace);
    }
    url.append('/').append(context.getPlural());
    if (label != null) {
      url.append("?labelSelector=")
          .append(URLEncoder.encode(label + "=" + value, StandardCharsets.UTF_8));
    }
    return url.toString();
  }

  /** The API server's URL, ending in {@code /}; asked of the client once, at the first LIST. */
  private String masterUrl() {
    var known = masterUrl;
    if (known == null) {
      known = client.getMasterUrl().toString();
      known = known.endsWith("/") ? known : known + "/";
      masterUrl = known;
    }
    return known;
  }

  /** The answer's bytes. */
  byte[] get(String url) {
    var http = client.getHttpClient();
    var builder = http.newHttpRequestBuilder().uri(url).header("Accept", "application/json");
    var timeout = client.getConfiguration().getRequestTimeout();
    if (timeout > 0) {
      builder.timeout(timeout, TimeUnit.MILLISECONDS);
    }
    var request = builder.build();
    try {
      var response = http.sendAsync(request, byte[].class).get();
      if (!response.isSuccessful()) {
        throw OperationSupport.requestFailure(
            request, OperationSupport.createStatus(response, client.getKubernetesSerialization()));
      }
      return response.body();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw KubernetesClientException.launderThrowable(e);
    } catch (ExecutionException e) {
      throw KubernetesClientException.launderThrowable(e.getCause());
    }
  }

  /** The items of an answer, decoded as fabric8's {@code list()} decodes them. */
  List<GenericKubernetesResource> items(byte[] body) {
    var list =
        client
            .getKubernetesSerialization()
            .unmarshal(new ByteArrayInputStream(body), GenericKubernetesResourceList.class);
    return list.getItems() == null ? List.of() : list.getItems();
  }
}
