package io.driftless.sandbox;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * A sandbox with a store file filled with {@code N} objects (half ConfigMaps, half Secrets, over 10
 * namespaces, labelled {@code app=app-0..19}), then timed over HTTPS as a client sees it: a GET of
 * one ConfigMap by name, a labelled list of the ConfigMaps of one namespace, and a create (which
 * the sandbox saves before it answers). Prints median and p99 of each. The store is filled by
 * writing the file, not by requests, so that a large N starts in seconds. Not a test: run it with
 *
 * <pre>
 * ./mvnw -B -o -q -pl sandbox-cluster test-compile dependency:build-classpath \
 *   -Dmdep.outputFile=target/bench.classpath
 * java -cp sandbox-cluster/target/test-classes:sandbox-cluster/target/classes:$(cat \
 *   sandbox-cluster/target/bench.classpath) io.driftless.sandbox.StoreBenchmark 1000 10000
 * </pre>
 */
public final class StoreBenchmark {

  private static final int NAMESPACES = 10;
  private static final int APPS = 20;
  private static final int WARMUP = 50;
  private static final int RUNS = 300;

  private StoreBenchmark() {}

  public static void main(String[] args) throws Exception {
    var sizes = args.length == 0 ? new String[] {"1000", "10000"} : args;
    for (var size : sizes) {
      run(Integer.parseInt(size));
    }
  }

  private static void run(int n) throws Exception {
    var dir = Files.createTempDirectory("store-bench");
    var store = dir.resolve("store.json");
    new ObjectFile(store).save(filled(n));
    var settings = new SandboxSettings("127.0.0.1", 0, dir.resolve("kubeconfig"), store, Set.of());
    try (var sandbox = SandboxCluster.start(settings)) {
      var client = new Client(sandbox);
      var perNamespace = n / 2 / NAMESPACES;
      report(n, "GET one ConfigMap by name", client, i -> get(client, i, perNamespace));
      report(n, "labelled list, one kind, one namespace", client, i -> list(client, i));
      report(n, "create a ConfigMap", client, i -> create(client, i));
    }
  }

  private interface Request {
    HttpResponse<String> send(int i) throws IOException, InterruptedException;
  }

  private static HttpResponse<String> get(Client client, int i, int perNamespace)
      throws IOException, InterruptedException {
    var index = (i * 7919) % (perNamespace * NAMESPACES);
    return client.send(
        "GET", "/api/v1/namespaces/ns-" + (index % NAMESPACES) + "/configmaps/cm-" + index, null);
  }

  private static HttpResponse<String> list(Client client, int i)
      throws IOException, InterruptedException {
    return client.send(
        "GET",
        "/api/v1/namespaces/ns-"
            + (i % NAMESPACES)
            + "/configmaps?labelSelector=app%3Dapp-"
            + (i % APPS),
        null);
  }

  private static HttpResponse<String> create(Client client, int i)
      throws IOException, InterruptedException {
    var body =
        "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"new-"
            + i
            + "\",\"labels\":{\"app\":\"app-1\"}},\"data\":{\"k\":\"v\"}}";
    return client.send("POST", "/api/v1/namespaces/ns-0/configmaps", body);
  }

  private static void report(int n, String what, Client client, Request request)
      throws IOException, InterruptedException {
    var nanos = new long[RUNS];
    for (var i = 0; i < WARMUP + RUNS; i++) {
      var start = System.nanoTime();
      var answer = request.send(i);
      var took = System.nanoTime() - start;
      if (answer.statusCode() / 100 != 2) {
        throw new IllegalStateException(what + " -> " + answer.statusCode() + " " + answer.body());
      }
      if (i >= WARMUP) {
        nanos[i - WARMUP] = took;
      }
    }
    Arrays.sort(nanos);
    System.out.printf(
        "N=%d %-40s median %.2f ms, p99 %.2f ms%n",
        n, what, nanos[RUNS / 2] / 1e6, nanos[RUNS * 99 / 100] / 1e6);
  }

  /** N objects as the sandbox stores them: ConfigMaps cm-i and Secrets s-i, i < N/2. */
  static Snapshot filled(int n) {
    var objects = new ArrayList<StoredObject>();
    for (var i = 0; i < n / 2; i++) {
      objects.add(object("configmaps", "ConfigMap", "cm-" + i, i, 2L * i + 1));
      objects.add(object("secrets", "Secret", "s-" + i, i, 2L * i + 2));
    }
    return new Snapshot(n, List.copyOf(objects));
  }

  private static StoredObject object(String plural, String kind, String name, int i, long version) {
    var namespace = "ns-" + (i % NAMESPACES);
    var data = kind.equals("Secret") ? "\"data\":{\"k\":\"dg==\"}" : "\"data\":{\"k\":\"v\"}";
    var json =
        "{\"apiVersion\":\"v1\",\"kind\":\""
            + kind
            + "\",\"metadata\":{\"name\":\""
            + name
            + "\",\"namespace\":\""
            + namespace
            + "\",\"uid\":\"00000000-0000-0000-0000-"
            + String.format("%012d", version)
            + "\",\"resourceVersion\":\""
            + version
            + "\",\"creationTimestamp\":\"2026-01-01T00:00:00Z\",\"labels\":{\"app\":\"app-"
            + (i % APPS)
            + "\"}},"
            + data
            + "}";
    return new StoredObject("/api/v1/namespaces/" + namespace + "/" + plural + "/" + name, json);
  }

  /** Raw HTTPS requests with the sandbox's token. */
  private static final class Client {
    private final HttpClient http;
    private final SandboxCluster sandbox;

    Client(SandboxCluster sandbox) {
      this.sandbox = sandbox;
      this.http = HttpClient.newBuilder().sslContext(sandbox.sslContext()).build();
    }

    HttpResponse<String> send(String method, String path, String body)
        throws IOException, InterruptedException {
      var request =
          HttpRequest.newBuilder(URI.create(sandbox.url() + path))
              .header("Authorization", "Bearer " + sandbox.token())
              .header("Content-Type", "application/json")
              .method(
                  method,
                  body == null
                      ? HttpRequest.BodyPublishers.noBody()
                      : HttpRequest.BodyPublishers.ofString(body));
      return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
  }
}
