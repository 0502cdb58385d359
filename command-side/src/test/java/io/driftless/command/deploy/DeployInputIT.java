package io.driftless.command.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.command.support.TestCluster;
import io.driftless.events.testing.LocalServices;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Every malformed input of the deploy issue ("deploy safety") sent as a new user would send it,
 * over HTTP, against the sandbox cluster and a fresh MariaDB database, with the default limits.
 * Each refusal is checked for its status and error shape, for a message a person understands (no
 * Java class names), and for its effect: no event stored and the app's objects on the cluster
 * untouched. The apps are deployed first, so a body read as "no resources" would have deleted them.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class DeployInputIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String YAML = "application/yaml";

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    registry.add("spring.datasource.url", () -> LocalServices.freshDatabase("driftless_input_it"));
    registry.add("spring.datasource.username", LocalServices::jdbcUser);
    registry.add("spring.datasource.password", LocalServices::jdbcPassword);
    var kubeconfig = TestCluster.kubeconfig();
    registry.add("driftless.cluster.kubeconfig", () -> kubeconfig);
  }

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  @Autowired KubernetesClient cluster;

  private final HttpClient http = HttpClient.newHttpClient();

  // ---- helpers ----

  private static String configMaps(String app) {
    return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: "
        + app
        + "-a\ndata:\n  level: high\n---\n"
        + "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: "
        + app
        + "-b\ndata:\n  color: blue\n";
  }

  /** Deploys two ConfigMaps for the app and returns what the cluster holds of them. */
  private Map<String, String> deployed(String app) throws Exception {
    var response = send("POST", deployPath(app), YAML, configMaps(app));
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return clusterState(app);
  }

  /** Name -> resourceVersion and data of the app's ConfigMaps. */
  private Map<String, String> clusterState(String app) {
    var state = new TreeMap<String, String>();
    for (String name : List.of(app + "-a", app + "-b")) {
      ConfigMap map = cluster.configMaps().inNamespace("default").withName(name).get();
      state.put(
          name,
          map == null ? "absent" : map.getMetadata().getResourceVersion() + " " + map.getData());
    }
    return state;
  }

  private long storedEvents() {
    return jdbc.queryForObject("SELECT COUNT(*) FROM domain_event_entry", Long.class);
  }

  private static String deployPath(String app) {
    return "/api/apps/default/" + app + "/deploy";
  }

  private static String query(String name, String value) {
    return "?" + name + "=" + URLEncoder.encode(value, StandardCharsets.UTF_8);
  }

  private HttpResponse<String> send(String method, String path, String contentType, String body) {
    var request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
    if (contentType != null) {
      request.header("Content-Type", contentType);
    }
    var publisher =
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(body);
    try {
      return http.send(
          request.method(method, publisher).build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** The status, the error shape, a message without Java in it; returns the error. */
  private static JsonNode refused(HttpResponse<String> response, int status, String code)
      throws Exception {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    assertThat(response.headers().firstValue("Content-Type"))
        .hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
    var error = JSON.readTree(response.body());
    assertThat(error.get("error").asText()).as(response.body()).isEqualTo(code);
    assertThat(error.get("message").asText()).as(response.body()).isNotBlank();
    assertThat(error.get("details").isArray()).as(response.body()).isTrue();
    assertThat(response.body())
        .doesNotContain("Exception")
        .doesNotContain("java.")
        .doesNotContain("springframework")
        .doesNotContain("\"trace\"")
        .doesNotContain("\"timestamp\"");
    return error;
  }

  /** Sends a deploy of the app that must be refused, and checks that it changed nothing. */
  private JsonNode refusedUnchanged(
      String app, String query, String contentType, String body, int status, String code)
      throws Exception {
    var before = clusterState(app);
    var events = storedEvents();
    var error = refused(send("POST", deployPath(app) + query, contentType, body), status, code);
    assertThat(storedEvents()).as("events stored").isEqualTo(events);
    assertThat(clusterState(app)).as("the app's objects on the cluster").isEqualTo(before);
    return error;
  }

  // ---- 1. no accidental deletes ----

  @Test
  void bodiesWithoutResourcesAreRefusedAndTheAppKeepsItsObjects() throws Exception {
    var objects = deployed("keep-app");
    var config = "apiVersion: kapp.k14s.io/v1alpha1\nkind: Config\nrebaseRules: []\n";

    for (String body : List.of("", "---", "---\n---\n", "# nothing here\n# at all\n", config)) {
      var error = refusedUnchanged("keep-app", "", YAML, body, 422, "no_resources");
      assertThat(error.get("message").asText())
          .contains("no resources")
          .contains("allowEmpty=true")
          .contains("DELETE /api/apps/default/keep-app");
    }
    refusedUnchanged(
        "keep-app", "", "application/json", "{\"resources\": []}", 422, "no_resources");
    refusedUnchanged("keep-app", "?dryRun=true", YAML, "", 422, "no_resources");
    assertThat(clusterState("keep-app")).isEqualTo(objects).doesNotContainValue("absent");
  }

  @Test
  void allowEmptyDeletesEverythingOnPurpose() throws Exception {
    deployed("emptied-app");

    var response = send("POST", deployPath("emptied-app") + "?allowEmpty=true", YAML, "---\n");

    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    assertThat(JSON.readTree(response.body()).at("/ops/delete").asInt()).isEqualTo(2);
    assertThat(clusterState("emptied-app").values()).containsOnly("absent");
  }

  @Test
  void bodiesOfOtherContentTypesAreRefusedWith415() throws Exception {
    deployed("typed-app");
    var body = configMaps("typed-app").replace("high", "low");

    for (String type :
        List.of("application/x-www-form-urlencoded", "text/plain", "application/octet-stream")) {
      var error = refusedUnchanged("typed-app", "", type, body, 415, "unsupported_media_type");
      assertThat(error.get("message").asText())
          .contains(type)
          .contains("application/yaml, application/x-yaml, text/yaml, application/json");
    }
    var none = refusedUnchanged("typed-app", "", null, body, 415, "unsupported_media_type");
    assertThat(none.get("message").asText()).contains("needs a Content-Type");
    refusedUnchanged("typed-app", "", "yaml", body, 415, "unsupported_media_type");
    var form =
        refusedUnchanged(
            "typed-app",
            "",
            "application/x-www-form-urlencoded",
            "",
            415,
            "unsupported_media_type");
    assertThat(form.get("details").toString()).contains("--data-binary");
  }

  @Test
  void everyAcceptedContentTypeDeploys() throws Exception {
    deployed("accepted-app");
    var yaml = configMaps("accepted-app");
    var json =
        "{\"resources\": [{\"apiVersion\": \"v1\", \"kind\": \"ConfigMap\", \"metadata\":"
            + " {\"name\": \"accepted-app-a\"}, \"data\": {\"level\": \"high\"}}, {\"apiVersion\":"
            + " \"v1\", \"kind\": \"ConfigMap\", \"metadata\": {\"name\": \"accepted-app-b\"},"
            + " \"data\": {\"color\": \"blue\"}}]}";

    for (String type :
        List.of(
            "application/yaml; charset=utf-8",
            "application/x-yaml",
            "text/yaml",
            "Application/YAML")) {
      var response = send("POST", deployPath("accepted-app"), type, yaml);
      assertThat(response.statusCode()).as(type + ": " + response.body()).isEqualTo(200);
    }
    var response =
        send("POST", deployPath("accepted-app"), "application/json; charset=UTF-8", json);
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    assertThat(JSON.readTree(response.body()).get("changeId").isNull()).isTrue();
  }

  // ---- 2. every query parameter validated ----

  @Test
  void malformedParametersAreRefusedNamingTheParameterAndWhatItTakes() throws Exception {
    deployed("param-app");
    var changed = configMaps("param-app").replace("high", "changed");
    Map<String, String> cases =
        Map.ofEntries(
            Map.entry(query("dryRun", "maybe"), "dryRun: must be true or false, got \"maybe\""),
            Map.entry(query("diffChanges", "yes"), "diffChanges: must be true or false"),
            Map.entry(query("diffMask", "1"), "diffMask: must be true or false"),
            Map.entry(query("diffAgainstLastApplied", ""), "diffAgainstLastApplied: must be true"),
            Map.entry(query("allowEmpty", "sure"), "allowEmpty: must be true or false"),
            Map.entry(query("overrideOwnership", "no"), "overrideOwnership: must be true or false"),
            Map.entry(
                query("defaultLabelScopingRules", "2"), "defaultLabelScopingRules: must be true"),
            Map.entry(query("diffContext", "-5"), "diffContext: must be an integer >= 0"),
            Map.entry(query("diffContext", "two"), "diffContext: must be an integer >= 0"),
            Map.entry(query("waitTimeout", "banana"), "waitTimeout: must be a duration"),
            Map.entry(query("waitTimeout", "0s"), "waitTimeout: must be a duration greater than 0"),
            Map.entry(query("waitTimeout", "-5m"), "such as 5m, 30s, 1h30m or 500ms"),
            Map.entry(query("diffFilter", "{\"ops\":[\"create\""), "diffFilter: is not JSON"),
            Map.entry(query("diffFilter", "[1]"), "diffFilter: must be a JSON object"),
            Map.entry(
                query("diffFilter", "{\"opps\":[\"update\"]}"), "diffFilter: opps: unknown key"),
            Map.entry(
                query("diffFilter", "{\"ops\":[\"updates\"]}"),
                "diffFilter: ops: unknown op \"updates\""),
            Map.entry(
                query(
                    "diffFilter", "{\"and\":[{\"existingResource\":{\"kind\":[\"ConfigMap\"]}}]}"),
                "diffFilter: and[0].existingResource.kind: unknown key"),
            Map.entry(query("dryrun", "true"), "dryrun: unknown parameter (did you mean dryRun?)"),
            Map.entry("?dryRun=true&dryRun=false", "dryRun: given 2 times"));

    for (var entry : cases.entrySet()) {
      var error =
          refusedUnchanged("param-app", entry.getKey(), YAML, changed, 400, "bad_parameter");
      assertThat(error.get("message").asText())
          .as(entry.getKey())
          .startsWith("Query parameter ")
          .contains(entry.getValue());
      assertThat(error.get("details")).hasSize(1);
    }
  }

  @Test
  void severalBadParametersAreNamedTogether() throws Exception {
    deployed("many-params-app");

    var error =
        refusedUnchanged(
            "many-params-app",
            "?dryRun=maybe&diffContext=-5&waitTimeout=banana&diff-run=true",
            YAML,
            configMaps("many-params-app").replace("blue", "red"),
            400,
            "bad_parameter");

    assertThat(error.get("message").asText())
        .isEqualTo("4 query parameters are invalid (see details).");
    assertThat(error.get("details").toString())
        .contains("dryRun: must be true or false")
        .contains("diffContext: must be an integer >= 0")
        .contains("waitTimeout: must be a duration")
        .contains("diff-run: unknown parameter (did you mean dryRun?)");
  }

  @Test
  void wellFormedParametersAreAccepted() throws Exception {
    deployed("good-params-app");
    var changed = configMaps("good-params-app").replace("high", "low");
    var filter = URLEncoder.encode("{\"ops\":[\"update\"]}", StandardCharsets.UTF_8);

    var response =
        send(
            "POST",
            deployPath("good-params-app")
                + "?dryRun=TRUE&diffChanges=true&diffContext=0&diffMask=false&waitTimeout=1h30m"
                + "&allowEmpty=false&overrideOwnership=false&defaultLabelScopingRules=true"
                + "&diffAgainstLastApplied=false&diffFilter="
                + filter,
            YAML,
            changed);

    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    var plan = JSON.readTree(response.body());
    assertThat(plan.get("dryRun").asBoolean()).isTrue();
    assertThat(plan.at("/ops/update").asInt()).isEqualTo(1);
    assertThat(plan.at("/changes/0/diff").asText()).contains("level: low");
    for (String timeout : List.of("500ms", "30s", "5m", "1.5h")) {
      var accepted =
          send(
              "POST",
              deployPath("good-params-app") + "?dryRun=true&waitTimeout=" + timeout,
              YAML,
              changed);
      assertThat(accepted.statusCode()).as(timeout + ": " + accepted.body()).isEqualTo(200);
    }
  }

  // ---- 3. limits like an API server ----

  @Test
  void anObjectOverTheApiServersLimitIsRefusedBeforeAnythingIsStored() throws Exception {
    deployed("big-app");
    var value = "v".repeat(5 * 1024 * 1024);
    var yaml =
        configMaps("big-app")
            + "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n"
            + "  name: huge\ndata:\n  blob: "
            + value
            + "\n";
    var json =
        "{\"resources\": [{\"apiVersion\": \"v1\", \"kind\": \"ConfigMap\", \"metadata\":"
            + " {\"name\": \"huge\", \"namespace\": \"default\"}, \"data\": {\"blob\": \""
            + "v".repeat(1_600_000)
            + "\"}}]}";

    var fromYaml = refusedUnchanged("big-app", "", YAML, yaml, 413, "too_large");
    var fromJson = refusedUnchanged("big-app", "", "application/json", json, 413, "too_large");

    assertThat(fromYaml.get("message").asText())
        .startsWith("ConfigMap huge (namespace default) has a line of 5,242,8")
        .contains("1,572,864 bytes a Kubernetes API server accepts");
    assertThat(fromJson.get("message").asText())
        .startsWith("ConfigMap huge (namespace default) is 1,600,")
        .contains("1,572,864 bytes");
    assertThat(fromYaml.toString() + fromJson).doesNotContain("vvvvvvvvvv");
    assertThat(cluster.configMaps().inNamespace("default").withName("huge").get()).isNull();
  }

  @Test
  void secretDataThatIsNotBase64IsRefusedNamingTheKeyNotTheValue() throws Exception {
    deployed("secret-app");
    var body =
        configMaps("secret-app")
            + "---\napiVersion: v1\nkind: Secret\nmetadata:\n  name: creds\n"
            + "data:\n  user: YWRtaW4=\n  password: plain-hunter2\n";

    var error = refusedUnchanged("secret-app", "", YAML, body, 422, "invalid_resources");

    assertThat(error.get("details").get(0).asText())
        .isEqualTo(
            "document 3: Secret creds (namespace default): data key \"password\" is not valid"
                + " base64 (data values are base64-encoded; plain text goes under stringData)");
    assertThat(error.toString()).doesNotContain("hunter2");
    assertThat(cluster.secrets().inNamespace("default").withName("creds").get()).isNull();
  }

  @Test
  void clusterScopedObjectsLoseTheirNamespaceAndRedeployWithoutDiff() throws Exception {
    var body =
        "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: scoped-ns\n  namespace: default\n"
            + "---\napiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n"
            + "  name: scoped-reader\n  namespace: Not_A_Namespace\nrules:\n- apiGroups: [\"\"]\n"
            + "  resources: [configmaps]\n  verbs: [get]\n"
            + "---\napiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\n"
            + "metadata:\n  name: widgets.example.com\n  namespace: default\nspec:\n"
            + "  group: example.com\n  scope: Namespaced\n  names:\n    plural: widgets\n"
            + "    singular: widget\n    kind: Widget\n  versions:\n  - name: v1\n    served: true\n"
            + "    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n";

    var first = send("POST", deployPath("scoped-app"), YAML, body);
    var events = storedEvents();
    var again = send("POST", deployPath("scoped-app"), YAML, body);

    assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
    assertThat(JSON.readTree(first.body()).at("/ops/create").asInt()).isEqualTo(3);
    for (JsonNode change : JSON.readTree(first.body()).get("changes")) {
      assertThat(change.get("namespace").asText()).as(change.toString()).isEmpty();
    }
    assertThat(cluster.namespaces().withName("scoped-ns").get()).isNotNull();
    assertThat(
            cluster
                .rbac()
                .clusterRoles()
                .withName("scoped-reader")
                .get()
                .getMetadata()
                .getNamespace())
        .isNull();
    assertThat(again.statusCode()).as(again.body()).isEqualTo(200);
    assertThat(JSON.readTree(again.body()).get("changeId").isNull()).as(again.body()).isTrue();
    assertThat(JSON.readTree(again.body()).get("changes")).isEmpty();
    assertThat(storedEvents()).isEqualTo(events);
  }

  // ---- 4. the error shape everywhere ----

  @Test
  void unknownPathsAndWrongMethodsAnswerInTheErrorShape() throws Exception {
    var unknown = refused(send("GET", "/api/nope", null, null), 404, "not_found");
    assertThat(unknown.get("message").asText()).isEqualTo("Nothing is served at GET /api/nope.");
    refused(send("POST", "/api/apps/default/x/deplo", YAML, "a: b"), 404, "not_found");
    refused(send("GET", "/", null, null), 404, "not_found");

    var wrongMethod = send("GET", deployPath("x"), null, null);
    var error = refused(wrongMethod, 405, "method_not_allowed");
    assertThat(error.get("message").asText())
        .isEqualTo("GET is not allowed on /api/apps/default/x/deploy; allowed: POST.");
    assertThat(wrongMethod.headers().firstValue("Allow")).hasValue("POST");
    refused(send("PUT", "/api/apps/default/x", YAML, "a: b"), 405, "method_not_allowed");

    var deleted =
        refused(send("DELETE", "/api/apps/default/never-deployed", null, null), 404, "not_found");
    assertThat(deleted.get("message").asText()).contains("default/never-deployed");
  }

  @Test
  void jsonCharactersCurlSendsUnencodedReachTheParameterCheck() throws Exception {
    try (var socket = new Socket("127.0.0.1", port)) {
      var request =
          "POST /api/apps/default/raw-app/deploy?diffFilter={\"ops\":\"create\"} HTTP/1.1\r\n"
              + "Host: 127.0.0.1\r\nContent-Type: application/yaml\r\nContent-Length: 0\r\n"
              + "Connection: close\r\n\r\n";
      socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
      var answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

      assertThat(answer)
          .startsWith("HTTP/1.1 400")
          .contains("\"error\":\"bad_parameter\"")
          .contains("diffFilter: ops must be a list of strings");
    }
  }

  @Test
  void errorsAreJsonEvenWhenTheClientAcceptsOnlyHtml() throws Exception {
    var request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/nope"))
            .header("Accept", "text/html")
            .GET()
            .build();

    var response = http.send(request, HttpResponse.BodyHandlers.ofString());

    refused(response, 404, "not_found");
  }
}
