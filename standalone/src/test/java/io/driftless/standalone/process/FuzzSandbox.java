package io.driftless.standalone.process;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.sandbox.SandboxCluster;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;

/**
 * The standalone server's sandbox cluster as an operator with {@code kubectl} sees it: its URL and
 * bearer token from {@code data/sandbox-kubeconfig.yaml}, writes as kubectl sends them (JSON merge
 * patch, PUT of the whole object as {@code kubectl edit} does, DELETE). Which objects exist is read
 * from the sandbox's store file ({@code data/sandbox-cluster.json} and its journal, saved before
 * each write is answered): it names every object of every kind with its REST path, custom resources
 * included, which no discovery table of the test would.
 */
final class FuzzSandbox {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  private HttpClient http;
  private final Path dataDir;
  private String server;
  private String token;

  FuzzSandbox(Path dataDir) {
    this.dataDir = dataDir;
  }

  /** Reads the kubeconfig again: each start of the server gives the sandbox a new port. */
  void reload() throws IOException {
    var lines = Files.readAllLines(dataDir.resolve("sandbox-kubeconfig.yaml"));
    server = value(lines, "server:").replaceAll("/+$", "");
    token = value(lines, "token:");
    // HTTPS, with the certificate the kubeconfig names (made again at each start)
    var certificate =
        new String(
            Base64.getDecoder().decode(value(lines, "certificate-authority-data:")),
            StandardCharsets.US_ASCII);
    // The connect includes the TLS handshake, which the sandbox's single event-loop thread serves
    // behind the requests it is answering (5 s timed out once under a load of 16 on 2 cores).
    http =
        HttpClient.newBuilder()
            .connectTimeout(TIMEOUT)
            .sslContext(SandboxCluster.sslContextTrusting(certificate))
            .build();
  }

  private static String value(List<String> lines, String key) {
    for (var line : lines) {
      var trimmed = line.trim();
      if (trimmed.startsWith(key)) {
        return trimmed.substring(key.length()).trim().replaceAll("^\"|\"$", "");
      }
    }
    throw new IllegalStateException("no " + key + " in the sandbox's kubeconfig");
  }

  /** Every object the sandbox holds, in path order. */
  List<SandboxObject> objects() {
    try {
      var objects = new ArrayList<SandboxObject>();
      for (var object : store().objects().entrySet()) {
        objects.add(new SandboxObject(object.getKey(), JSON.readTree(object.getValue())));
      }
      objects.sort(Comparator.comparing(SandboxObject::path));
      return objects;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The objects labelled {@code driftless.io/app} for {@code app} of namespace default. */
  List<SandboxObject> ownedBy(String app) {
    var label = app + ".default";
    return objects().stream().filter(o -> label.equals(o.appLabel())).toList();
  }

  /** The sandbox's resourceVersion counter: it moves with every write that changed an object. */
  long resourceVersion() {
    try {
      return store().resourceVersion();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The sandbox's store file and its journal ({@link SandboxCluster#read}). */
  private SandboxCluster.StoreContents store() throws IOException {
    return SandboxCluster.read(dataDir.resolve("sandbox-cluster.json"));
  }

  /** {@code kubectl patch --type=merge}. */
  HttpResponse<String> mergePatch(String path, JsonNode patch) {
    return send(
        request(path)
            .header("Content-Type", "application/merge-patch+json")
            .method("PATCH", HttpRequest.BodyPublishers.ofString(patch.toString())));
  }

  /** {@code kubectl edit}: the whole object back, with its resourceVersion. */
  HttpResponse<String> put(String path, JsonNode object) {
    return send(
        request(path)
            .header("Content-Type", "application/json")
            .PUT(HttpRequest.BodyPublishers.ofString(object.toString())));
  }

  /** {@code kubectl delete}. */
  HttpResponse<String> delete(String path) {
    return send(request(path).DELETE());
  }

  /** A merge patch that sets {@code value} at {@code path} (null removes the key). */
  static JsonNode patchAt(List<String> path, JsonNode value) {
    var root = JSON.createObjectNode();
    var node = root;
    for (var key : path.subList(0, path.size() - 1)) {
      node = node.putObject(key);
    }
    node.set(path.get(path.size() - 1), value == null ? JSON.nullNode() : value);
    return root;
  }

  /** {@code 200}, or the status and the API server's message of a refusal. */
  static String outcome(HttpResponse<String> response) {
    if (response.statusCode() < 300) {
      return String.valueOf(response.statusCode());
    }
    try {
      return response.statusCode() + " " + JSON.readTree(response.body()).path("message").asText();
    } catch (IOException e) {
      return response.statusCode() + " " + response.body();
    }
  }

  private HttpRequest.Builder request(String path) {
    return HttpRequest.newBuilder(URI.create(server + path))
        .timeout(TIMEOUT)
        .header("User-Agent", "kubectl/v1.30.0 (fuzz)")
        .header("Authorization", "Bearer " + token);
  }

  private HttpResponse<String> send(HttpRequest.Builder request) {
    try {
      return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
