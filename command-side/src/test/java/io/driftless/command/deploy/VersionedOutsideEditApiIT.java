package io.driftless.command.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.command.support.Api;
import io.driftless.command.support.TestCluster;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Issue 25 point 1: a kapp-versioned ConfigMap edited outside (a JSON merge patch on its current
 * version, as {@code kubectl patch --type merge} does) is restored as kapp restores it: the
 * reconcile makes the next version and points every reference at it in the same change; the next
 * reconcile and a redeploy of the same manifest are noops. A version deleted by hand is planned and
 * deleted with its apiVersion (never a {@code (?)}); a version the app made but did not record is
 * reused, never created again (no {@code 409 AlreadyExists}); and an app whose last deploy failed
 * and whose objects are gone can always be deleted: its {@code DELETE} leaves none of the objects
 * labelled for it.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class VersionedOutsideEditApiIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path DATA = Path.of("target", "versioned-" + UUID.randomUUID());
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    registry.add("driftless.data-dir", () -> DATA.toAbsolutePath().toString());
    var kubeconfig = TestCluster.kubeconfig();
    registry.add("driftless.cluster.kubeconfig", () -> kubeconfig);
  }

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  @Autowired KubernetesClient cluster;

  private Api api;

  @BeforeEach
  void setUp() {
    api = new Api(port);
  }

  /**
   * A versioned ConfigMap {@code <app>-conf} and a Deployment {@code <app>} mounting it by that
   * name (the issue's {@code conf}, named after the app: the tests share one sandbox).
   */
  private static String manifest(String app) {
    return """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: APP-conf
          annotations:
            kapp.k14s.io/versioned: ""
        data:
          greeting: hello
        ---
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: APP
        spec:
          replicas: 1
          selector:
            matchLabels:
              app: APP
          template:
            metadata:
              labels:
                app: APP
            spec:
              containers:
              - name: web
                image: nginx:1.25
                volumeMounts:
                - name: conf
                  mountPath: /etc/conf
              volumes:
              - name: conf
                configMap:
                  name: APP-conf
        """
        .replace("APP", app);
  }

  private HttpResponse<String> reconcile(String app) throws Exception {
    var request =
        HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + port + "/api/apps/default/" + app + "/reconcile"))
            .POST(HttpRequest.BodyPublishers.noBody())
            .build();
    return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
  }

  private static JsonNode ok(HttpResponse<String> response) throws Exception {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  private long storedEvents() {
    return jdbc.queryForObject("SELECT COUNT(*) FROM domain_event_entry", Long.class);
  }

  private String mounted(String app) {
    var deployment = cluster.apps().deployments().inNamespace("default").withName(app).get();
    return deployment
        .getSpec()
        .getTemplate()
        .getSpec()
        .getVolumes()
        .get(0)
        .getConfigMap()
        .getName();
  }

  private String greeting(String name) {
    var object = cluster.configMaps().inNamespace("default").withName(name).get();
    return object == null ? null : object.getData().get("greeting");
  }

  private void editOutside(String name) {
    cluster
        .configMaps()
        .inNamespace("default")
        .withName(name)
        .patch(PatchContext.of(PatchType.JSON_MERGE), "{\"data\":{\"greeting\":\"edited\"}}");
  }

  @Test
  void anEditedVersionGetsTheNextVersionAndEveryReferenceMovesToIt() throws Exception {
    ok(api.deployYaml("versioned", manifest("versioned")));
    assertThat(mounted("versioned")).isEqualTo("versioned-conf-ver-1");
    editOutside("versioned-conf-ver-1");

    var restored = ok(reconcile("versioned"));

    assertThat(restored.get("successful").asBoolean()).as(restored.toString()).isTrue();
    assertThat(greeting("versioned-conf-ver-2")).isEqualTo("hello");
    assertThat(mounted("versioned")).as(restored.toString()).isEqualTo("versioned-conf-ver-2");
    var events = storedEvents();
    var again = ok(reconcile("versioned"));
    assertThat(again.get("changeId").isNull()).as(again.toString()).isTrue();
    var redeploy = ok(api.deployYaml("versioned", manifest("versioned")));
    assertThat(redeploy.get("changeId").isNull()).as(redeploy.toString()).isTrue();
    assertThat(storedEvents()).isEqualTo(events);
    assertThat(mounted("versioned")).isEqualTo("versioned-conf-ver-2");
  }

  @Test
  void aVersionDeletedByHandIsRestoredAndTheAppCanBeDeleted() throws Exception {
    ok(api.deployYaml("by-hand", manifest("by-hand")));
    editOutside("by-hand-conf-ver-1");
    ok(reconcile("by-hand"));
    cluster.configMaps().inNamespace("default").withName("by-hand-conf-ver-2").delete();

    var restored = ok(reconcile("by-hand"));

    assertThat(restored.get("successful").asBoolean()).as(restored.toString()).isTrue();
    assertThat(restored.toString()).doesNotContain("\"apiVersion\":null");
    assertThat(greeting(mounted("by-hand"))).as(restored.toString()).isEqualTo("hello");
    var again = ok(reconcile("by-hand"));
    assertThat(again.get("changeId").isNull()).as(again.toString()).isTrue();
    var deleted = ok(api.delete("by-hand"));
    assertThat(deleted.get("successful").asBoolean()).as(deleted.toString()).isTrue();
    assertThat(labelled("by-hand")).isEmpty();
  }

  @Test
  void aLabelledVersionTheAppDidNotRecordIsReusedNotCreatedAgain() throws Exception {
    ok(api.deployYaml("unrecorded", manifest("unrecorded")));
    editOutside("unrecorded-conf-ver-1");
    // What a reconcile of a store from before the fix left: a version made, never recorded.
    cluster
        .configMaps()
        .resource(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withName("unrecorded-conf-ver-2")
                .withNamespace("default")
                .addToLabels("driftless.io/app", "unrecorded.default")
                .addToAnnotations("kapp.k14s.io/versioned", "")
                .endMetadata()
                .addToData("greeting", "hello")
                .build())
        .create();

    var restored = ok(reconcile("unrecorded"));

    assertThat(restored.get("successful").asBoolean()).as(restored.toString()).isTrue();
    assertThat(restored.toString()).doesNotContain("\"op\":\"create\"");
    assertThat(mounted("unrecorded")).isEqualTo("unrecorded-conf-ver-2");
    var again = ok(reconcile("unrecorded"));
    assertThat(again.get("changeId").isNull()).as(again.toString()).isTrue();
    ok(api.delete("unrecorded"));
    assertThat(labelled("unrecorded")).isEmpty();
  }

  @Test
  void aDeleteOfAnObjectWhoseCreateWasRefusedKnowsItsApiVersionAndIsDone() throws Exception {
    var refused =
        api.deployYaml(
            "refused", configMap("refused-keep") + "---\n" + refusedDeployment("refused"));
    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(502);

    var pruned = ok(api.deployYaml("refused", configMap("refused-keep")));

    assertThat(pruned.get("successful").asBoolean()).as(pruned.toString()).isTrue();
    var delete = pruned.at("/changes/0");
    assertThat(delete.get("op").asText()).as(pruned.toString()).isEqualTo("delete");
    assertThat(delete.get("apiVersion").asText()).isEqualTo("apps/v1");
    assertThat(delete.get("result").asText()).isEqualTo("applied");
    assertThat(ok(reconcile("refused")).get("changeId").isNull()).isTrue();
  }

  @Test
  void anAppWhoseLastDeployFailedAndWhoseObjectsWereDeletedOutsideCanBeDeleted() throws Exception {
    ok(api.deployYaml("way-out", configMap("way-out-a") + "---\n" + configMap("way-out-b")));
    var failed =
        api.deployYaml(
            "way-out",
            configMap("way-out-a")
                + "---\n"
                + configMap("way-out-b")
                + "---\n"
                + configMap("way-out-c")
                + "---\n"
                + refusedDeployment("way-out-refused"));
    assertThat(failed.statusCode()).as(failed.body()).isEqualTo(502);
    cluster.configMaps().inNamespace("default").withName("way-out-a").delete();
    cluster.configMaps().inNamespace("default").withName("way-out-c").delete();
    // An object labelled for the app that it never recorded (kapp deletes it with the app).
    cluster
        .configMaps()
        .resource(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withName("way-out-stray")
                .withNamespace("default")
                .addToLabels("driftless.io/app", "way-out.default")
                .endMetadata()
                .build())
        .create();

    var deleted = ok(api.delete("way-out"));

    assertThat(deleted.get("successful").asBoolean()).as(deleted.toString()).isTrue();
    assertThat(labelled("way-out")).isEmpty();
    var second = api.delete("way-out");
    assertThat(second.statusCode()).as(second.body()).isEqualTo(404);
    assertThat(JSON.readTree(second.body()).get("error").asText()).isEqualTo("not_found");
  }

  /** The ConfigMaps and Deployments the sandbox holds labelled for the app. */
  private List<String> labelled(String app) {
    var label = app + ".default";
    var names = new ArrayList<String>();
    cluster
        .configMaps()
        .inNamespace("default")
        .withLabel("driftless.io/app", label)
        .list()
        .getItems()
        .forEach(o -> names.add("ConfigMap " + o.getMetadata().getName()));
    cluster
        .apps()
        .deployments()
        .inNamespace("default")
        .withLabel("driftless.io/app", label)
        .list()
        .getItems()
        .forEach(o -> names.add("Deployment " + o.getMetadata().getName()));
    return names;
  }

  private static String configMap(String name) {
    return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: " + name + "\ndata:\n  k: v\n";
  }

  /** A Deployment the API server refuses: its selector does not match its template's labels. */
  private static String refusedDeployment(String name) {
    return """
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: NAME
        spec:
          selector:
            matchLabels:
              app: one
          template:
            metadata:
              labels:
                app: other
            spec:
              containers:
              - name: web
                image: nginx:1.25
        """
        .replace("NAME", name);
  }
}
