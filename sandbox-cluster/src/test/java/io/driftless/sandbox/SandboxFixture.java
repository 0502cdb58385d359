package io.driftless.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.controllers.Controller;
import io.driftless.sandbox.objects.Nodes;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * An in-memory sandbox and a fabric8 client reaching it through its kubeconfig, for the tests of
 * the API server's behaviour: creates objects as a client would and reads back exactly what the
 * sandbox stored (raw JSON).
 */
final class SandboxFixture implements AutoCloseable {

  final SandboxCluster sandbox;
  final KubernetesClient client;
  private final HttpClient http;

  private SandboxFixture(SandboxCluster sandbox) {
    this.sandbox = sandbox;
    this.client = clientFor(sandbox);
    this.http = HttpClient.newBuilder().sslContext(sandbox.sslContext()).build();
  }

  /**
   * A raw request with the sandbox's token, exactly as given: method, path, content type (none when
   * null) and body (none when null); for the tests of codes and bodies a client would hide.
   */
  HttpResponse<String> send(String method, String path, String type, String body)
      throws IOException, InterruptedException {
    var request =
        HttpRequest.newBuilder(URI.create(sandbox.url() + path))
            .header("Authorization", "Bearer " + sandbox.token());
    if (type != null) {
      request.header("Content-Type", type);
    }
    request.method(
        method,
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(body));
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  /** The object at {@code path} as a raw GET answers it, checked to be there (200). */
  JsonNode stored(String path) throws IOException, InterruptedException {
    var answer = send("GET", path, null, null);
    if (answer.statusCode() != 200) {
      throw new AssertionError("GET " + path + " -> " + answer.statusCode() + " " + answer.body());
    }
    return Nodes.MAPPER.readTree(answer.body());
  }

  static SandboxFixture start(Path dir, Set<Controller> controllers) {
    var settings =
        new SandboxSettings("127.0.0.1", 0, dir.resolve("kubeconfig.yaml"), null, controllers);
    return new SandboxFixture(SandboxCluster.start(settings));
  }

  /** Creates every object of a manifest under {@code manifests/} in the test resources. */
  List<HasMetadata> createAll(String manifest) {
    try (var in = SandboxFixture.class.getResourceAsStream("manifests/" + manifest)) {
      var items = client.load(in).items();
      items.forEach(item -> client.resource(item).create());
      return items;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Creates one object given as YAML. */
  HasMetadata create(String yaml) {
    var item = client.resource(yaml).item();
    return client.resource(item).create();
  }

  /** The stored object at an API path, exactly as the sandbox answers a GET. */
  ObjectNode get(String path) {
    try {
      return (ObjectNode) Nodes.MAPPER.readTree(client.raw(path));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static KubernetesClient clientFor(SandboxCluster sandbox) {
    try {
      var config = Config.fromKubeconfig(Files.readString(sandbox.kubeconfig()));
      config.setRequestRetryBackoffLimit(0);
      return new KubernetesClientBuilder().withConfig(config).build();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    client.close();
    sandbox.close();
  }
}
