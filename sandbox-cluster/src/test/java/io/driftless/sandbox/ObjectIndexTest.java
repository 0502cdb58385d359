package io.driftless.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.sandbox.controllers.Controllers;
import io.fabric8.mockwebserver.dsl.HttpMethod;
import io.fabric8.mockwebserver.http.Buffer;
import io.fabric8.mockwebserver.http.Headers;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reads answered from the {@link ObjectIndex} answer what fabric8's scan of every stored object
 * answers (its algorithm, run here on the dispatcher's map), on a store of 5,000 objects, and stay
 * so after creates, updates that change labels, deletes and a write the store could not take.
 */
class ObjectIndexTest {

  private static final List<String> READS =
      List.of(
          "/api/v1/namespaces/ns-3/configmaps/cm-13",
          "/api/v1/namespaces/ns-4/configmaps/cm-13",
          "/api/v1/namespaces/ns-3/secrets/s-2493",
          "/api/v1/namespaces/ns-3/configmaps/missing",
          "/api/v1/namespaces/ns-3/configmaps?labelSelector=app%3Dapp-13",
          "/api/v1/namespaces/ns-3/configmaps?labelSelector=app%21%3Dapp-13",
          "/api/v1/namespaces/ns-3/configmaps?labelSelector=app",
          "/api/v1/configmaps?labelSelector=app%3Dapp-7",
          "/api/v1/secrets",
          "/api/v1/namespaces/ns-9/secrets",
          "/api/v1/namespaces/empty/configmaps",
          "/apis/apps/v1/namespaces/ns-3/configmaps/cm-13");

  @TempDir Path dir;
  private SandboxDispatcher dispatcher;

  @BeforeEach
  void fiveThousandObjects() throws IOException {
    var file = new ObjectFile(dir.resolve("store.json"));
    file.save(StoreBenchmark.filled(5000));
    dispatcher =
        new SandboxDispatcher(
            file, new RequestGate("token", "127.0.0.1"), new Controllers(Set.of()));
    assertThat(dispatcher.restore()).isEqualTo(5000);
  }

  @Test
  void readsAnswerAsAScanOfEveryObject() {
    assertReadsAsScanned();
    assertThat(body(dispatcher.handleGet(READS.get(4)))).contains("\"cm-13\"", "\"cm-33\"");
  }

  /**
   * A list is fabric8's list (same kind, apiVersion, resourceVersion and items), written as an API
   * server writes it: compact, the list's metadata before its items (issue 31: the command side
   * knows an unchanged answer by its bytes after the resourceVersion).
   */
  @Test
  void aListIsFabric8sListWithItsMetadataBeforeItsItems() throws IOException {
    var json = new com.fasterxml.jackson.databind.ObjectMapper();
    var answer = body(dispatcher.handleGet(READS.get(4)));
    var fabric8s =
        new io.fabric8.kubernetes.client.server.mock.KubernetesResponseComposer()
            .compose(
                json.readTree(answer).path("items").valueStream().map(Object::toString).toList(),
                String.valueOf(dispatcher.resourceVersion()));

    assertThat(json.readTree(answer)).isEqualTo(json.readTree(fabric8s));
    assertThat(json.readTree(answer).path("items")).hasSizeGreaterThan(1);
    assertThat(answer)
        .startsWith(
            "{\"apiVersion\":\"v1\",\"kind\":\"List\",\"metadata\":{\"resourceVersion\":\""
                + dispatcher.resourceVersion()
                + "\",\"selfLink\":\"\"},\"items\":[{");
  }

  @Test
  void readsStayExactAfterWrites() throws IOException {
    var created = send(HttpMethod.POST, "/api/v1/namespaces/ns-3/configmaps", configMap("n", "7"));
    assertThat(created.code()).isEqualTo(201);
    var relabelled =
        send(HttpMethod.PUT, "/api/v1/namespaces/ns-3/configmaps/cm-13", configMap("cm-13", "7"));
    assertThat(relabelled.code()).isEqualTo(200);
    assertThat(dispatcher.handleDelete("/api/v1/namespaces/ns-3/secrets/s-2493").code())
        .isEqualTo(200);
    Files.deleteIfExists(dir.resolve("store.json.journal"));
    var blocker = Files.createDirectories(dir.resolve("store.json.journal/blocked"));
    var unsaved = send(HttpMethod.POST, "/api/v1/namespaces/ns-3/configmaps", configMap("u", "7"));
    assertThat(unsaved.code()).isEqualTo(500);
    Files.delete(blocker);
    var twice = send(HttpMethod.POST, "/api/v1/namespaces/ns-3/configmaps", configMap("n", "7"));
    assertThat(twice.code()).isEqualTo(409);

    assertReadsAsScanned();
    assertThat(
            body(
                dispatcher.handleGet("/api/v1/namespaces/ns-3/configmaps?labelSelector=app=app-7")))
        .contains("\"n\"", "\"cm-13\"")
        .doesNotContain("\"u\"");
    assertThat(dispatcher.handleGet(READS.get(2)).code()).isEqualTo(404);
  }

  private void assertReadsAsScanned() {
    for (var path : READS) {
      var answer = dispatcher.handleGet(path);
      assertThat(body(answer)).as(path).isEqualTo(scanned(path));
    }
  }

  /** fabric8's answer: every stored object whose key matches the path's, in the map's order. */
  private String scanned(String path) {
    var query = dispatcher.getKey(path);
    var items = new ArrayList<String>();
    synchronized (dispatcher.getMap()) {
      dispatcher
          .getMap()
          .forEach(
              (key, json) -> {
                if (key.matches(query)) {
                  items.add(json);
                }
              });
    }
    if (query.containsKey("name")) {
      return items.isEmpty() ? "" : items.get(0);
    }
    return ObjectIndex.listAnswer(items, String.valueOf(dispatcher.resourceVersion()));
  }

  private static String body(MockResponse response) {
    return response.getBody() == null ? "" : response.getBody().readUtf8();
  }

  private MockResponse send(HttpMethod method, String path, String body) {
    var headers = new Headers.Builder().add("Content-Type", "application/json").build();
    var request =
        new RecordedRequest(
            "HTTP/1.1", method, path, headers, new Buffer(body.getBytes(StandardCharsets.UTF_8)));
    return method == HttpMethod.POST
        ? dispatcher.handleCreate(request)
        : dispatcher.handleUpdate(request);
  }

  private static String configMap(String name, String app) {
    return "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\""
        + name
        + "\",\"namespace\":\"ns-3\",\"labels\":{\"app\":\"app-"
        + app
        + "\"}},\"data\":{\"k\":\"v\"}}";
  }
}
