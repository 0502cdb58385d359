package io.driftless.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.Provenance;
import io.driftless.sandbox.SandboxCluster;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * History outlives upgrades: the server starts on an event store written by commit 526f7b6 (the
 * rows of {@code history/526f7b6}, see its README), with the cluster holding what that version left
 * in it. The views, rebuilt from the stored events by this version, hold every app, change and
 * resource that version's views held; the aggregates load (snapshots included); and a redeploy of
 * each app's last manifest changes nothing. A later change of an event's shape that breaks reading
 * the old one fails here: it needs an upcaster.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class StoredHistoryIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String STORE = "/io/driftless/standalone/history/526f7b6/";
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  /** Each app of the store and the body that was its last deploy. */
  private static final Map<String, String> LAST_DEPLOYED =
      Map.of(
          "default/simple-app", "examples:simple-app-v2.yml",
          "default/redis", "examples:redis-with-configmap.yml",
          "default/guestbook", "examples:guestbook.yml",
          "ops/team-config", "manifests/team-config.json",
          "default/racy", "manifests/racy-final.yml");

  @DynamicPropertySource
  static void storedHistory(DynamicPropertyRegistry registry) throws Exception {
    var dataDir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "history-");
    var url =
        "jdbc:h2:file:"
            + dataDir.resolve("driftless")
            + ";MODE=MariaDB;DATABASE_TO_LOWER=TRUE;NON_KEYWORDS=VALUE";
    Flyway.configure()
        .dataSource(url, "sa", "")
        .locations("classpath:db/command", "classpath:db/query")
        .load()
        .migrate();
    loadRows(url);
    registry.add("driftless.data-dir", dataDir::toString);
    registry.add("spring.datasource.url", () -> url);
    registry.add("driftless.sandbox.port", () -> 0);
  }

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  @Autowired Environment environment;
  @Autowired EventStore eventStore;

  @Test
  void storeOfAnEarlierVersionLoadsReplaysAndRedeploysAsNoChange() throws Exception {
    await()
        .atMost(Duration.ofSeconds(60))
        .untilAsserted(() -> assertThat(get("/api/apps/default/racy/changes")).hasSize(3));
    assertViewsAsStored();
    oldChangesReadAsDoneByAnUnknownActor();

    seedCluster();
    var eventsBefore = count("domain_event_entry");
    for (var app : LAST_DEPLOYED.entrySet()) {
      var answer = redeploy(app.getKey(), app.getValue());
      assertThat(answer.get("changeId").isNull()).as(app.getKey() + ": " + answer).isTrue();
      assertThat(answer.get("changes")).as(app.getKey() + ": " + answer).isEmpty();
    }
    assertThat(count("domain_event_entry")).isEqualTo(eventsBefore);
  }

  /**
   * Issue 13: the timeline view is new, so on a store that existed before it the view is not built
   * (503) until a rebuild folds the stored history into it (H2: built in a schema of its own and
   * copied into the live tables in the swap's transaction).
   */
  @Test
  void timelineAppearsByRebuildOfTheStoredHistory() throws Exception {
    var path = "/api/apps/default/simple-app/resources/Deployment/simple-app/timeline";
    var notBuilt = send("http://127.0.0.1:" + port + path, "GET", null, null);
    assertThat(notBuilt.statusCode()).as(notBuilt.body()).isEqualTo(503);
    assertThat(JSON.readTree(notBuilt.body()).get("error").asText()).isEqualTo("view_not_built");
    var projections = "http://127.0.0.1:" + port + "/api/projections";
    var accepted = send(projections + "/timeline/rebuild", "POST", null, null);
    assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(202);
    var rebuildId = JSON.readTree(accepted.body()).get("rebuildId").asText();
    assertThat(send(projections + "/nope/rebuild", "POST", null, null).statusCode()).isEqualTo(404);
    await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                "live".equals(status(get("/api/projections"), "timeline").path("status").asText()));
    var timeline = status(get("/api/projections"), "timeline");
    assertThat(timeline.path("rebuild").path("rebuildId").asText()).isEqualTo(rebuildId);
    assertThat(timeline.path("rebuild").path("phase").asText()).isEqualTo("swapped");
    assertThat(timeline.path("rebuild").path("done").asLong()).isGreaterThanOrEqualTo(60);

    var entries = get(path);
    assertThat(entries.findValuesAsText("op"))
        .containsExactly("update", "update", "update", "create");
    assertThat(entries.findValuesAsText("changeId"))
        .containsExactly(
            "simple-app-change-000004",
            "simple-app-change-000003",
            "simple-app-change-000002",
            "simple-app-change-000001");
    assertThat(entries.findValuesAsText("trigger")).containsOnly("deploy");
    assertThat(entries.get(0).get("fields").isArray()).isTrue();
    assertThat(entries.get(3).get("fields")).isNotEmpty();
  }

  /**
   * Issue 27: the store's changes were recorded before provenance existed; the App's events read
   * them (through the command side's upcaster) as done by actor {@code unknown}, with no meta.
   */
  private void oldChangesReadAsDoneByAnUnknownActor() {
    var apps = new ArrayList<>(LAST_DEPLOYED.keySet());
    apps.add("default/doomed");
    var changes = 0;
    for (var app : apps) {
      // from the first event, not from the App's snapshot
      var events = eventStore.readEvents(app, 0).asStream().map(m -> m.getPayload()).toList();
      for (var event : events) {
        if (event instanceof AppChangeStarted started) {
          assertThat(started.provenance()).as(started.changeId()).isEqualTo(Provenance.unknown());
          assertThat(started.provenance().actor()).isEqualTo("unknown");
          changes++;
        }
      }
    }
    assertThat(changes)
        .isEqualTo(
            count("domain_event_entry WHERE payload_type = 'io.driftless.events.AppChangeStarted'"))
        .isGreaterThanOrEqualTo(10);
    assertThat(
            jdbc.queryForList(
                "SELECT DISTINCT payload_revision FROM domain_event_entry"
                    + " WHERE payload_type = 'io.driftless.events.AppChangeStarted'",
                String.class))
        .as("the stored rows are read as stored, not rewritten")
        .containsOnlyNulls();
  }

  private static JsonNode status(JsonNode projections, String view) {
    for (var projection : projections) {
      if (projection.path("name").asText().equals(view)) {
        return projection;
      }
    }
    throw new AssertionError("no view " + view + " in " + projections);
  }

  @Test
  void secretValuesOfTheStoreStayHashed() {
    var payloads =
        jdbc.queryForList("SELECT payload FROM domain_event_entry", byte[].class).stream()
            .map(p -> new String(p, StandardCharsets.UTF_8))
            .toList();
    assertThat(payloads).hasSize(60).noneMatch(p -> p.contains("hunter2"));
  }

  private void assertViewsAsStored() throws Exception {
    assertSubset(get("/api/apps"), expected("apps.json"), "apps");
    for (var app : List.of("default/simple-app", "default/redis", "default/guestbook")) {
      var file = app.replace('/', '_');
      assertSubset(get("/api/apps/" + app), expected(file + ".overview.json"), app);
    }
    var apps = new ArrayList<>(LAST_DEPLOYED.keySet());
    apps.add("default/doomed");
    for (var app : apps) {
      var file = app.replace('/', '_');
      assertSubset(get("/api/apps/" + app + "/changes"), expected(file + ".changes.json"), app);
      assertSameRows(
          get("/api/apps/" + app + "/resources"), expected(file + ".resources.json"), app);
    }
    for (var change :
        List.of(
            "simple-app/simple-app-change-000004",
            "racy/racy-change-000002",
            "doomed/doomed-change-000002")) {
      var id = change.substring(change.indexOf('/') + 1);
      var actual = get("/api/apps/default/" + change.replace("/", "/changes/"));
      var stored = expected("change-" + id + ".json");
      var withoutChanges = ((ObjectNode) stored.deepCopy()).without("changes");
      assertSubset(actual, withoutChanges, id);
      assertSameRows(actual.get("changes"), stored.get("changes"), id);
    }
  }

  /**
   * The overview's fields that held fixed placeholders before issue 12 (0, 0, null): now the drift
   * view's counts (null while that view is not built, as on this store until its rebuild) and the
   * command side's last reconcile (set once the server reconciles the app).
   */
  private static final Set<String> PLACEHOLDERS =
      Set.of("driftCount", "ghostDiffCount", "lastReconcileAt");

  /** Every field the old view had is there with the same value; new fields may be added. */
  private static void assertSubset(JsonNode actual, JsonNode expected, String what) {
    if (expected.isObject()) {
      assertThat(actual.isObject()).as(what + ": " + actual).isTrue();
      expected
          .fields()
          .forEachRemaining(
              f -> {
                if (PLACEHOLDERS.contains(f.getKey())) {
                  assertThat(actual.has(f.getKey())).as(what + "." + f.getKey()).isTrue();
                } else {
                  assertSubset(actual.path(f.getKey()), f.getValue(), what + "." + f.getKey());
                }
              });
    } else if (expected.isArray()) {
      assertThat(actual.size()).as(what + ": " + actual).isEqualTo(expected.size());
      for (int i = 0; i < expected.size(); i++) {
        assertSubset(actual.get(i), expected.get(i), what + "[" + i + "]");
      }
    } else if (roundedInstant(actual, expected)) {
      return;
    } else {
      assertThat(actual).as(what).isEqualTo(expected);
    }
  }

  /**
   * The earlier version's views on H2 rounded an event's sub-millisecond time to the millisecond
   * (H2 rounds a bound {@code Timestamp} into {@code TIMESTAMP(3)}); since issue 25 every view
   * truncates, as MariaDB and the event store's fold do. So a stored view time may be exactly 1 ms
   * past the time this version shows, never earlier, never more.
   */
  private static boolean roundedInstant(JsonNode actual, JsonNode expected) {
    if (!actual.isTextual() || !expected.isTextual()) {
      return false;
    }
    try {
      var shown = java.time.Instant.parse(actual.asText());
      var stored = java.time.Instant.parse(expected.asText());
      return shown.plusMillis(1).equals(stored);
    } catch (java.time.format.DateTimeParseException notAnInstant) {
      return false;
    }
  }

  /** The same rows in any order, each a superset of its stored one (matched by kind and name). */
  private static void assertSameRows(JsonNode actual, JsonNode expected, String what) {
    assertThat(actual.size()).as(what + ": " + actual).isEqualTo(expected.size());
    for (var row : expected) {
      var match = findRow(actual, row);
      assertThat(match).as(what + ": no row for " + row).isNotNull();
      assertSubset(match, row, what + "/" + row.path("kind").asText() + "/" + row.path("name"));
    }
  }

  private static JsonNode findRow(JsonNode rows, JsonNode wanted) {
    for (var row : rows) {
      if (row.path("kind").equals(wanted.path("kind"))
          && row.path("name").equals(wanted.path("name"))
          && row.path("namespace").equals(wanted.path("namespace"))) {
        return row;
      }
    }
    return null;
  }

  private static void loadRows(String url) throws Exception {
    try (var connection = DriverManager.getConnection(url, "sa", "")) {
      connection.setAutoCommit(false);
      insert(
          connection,
          "domain_event_entry",
          List.of(
              "global_index",
              "event_identifier",
              "aggregate_identifier",
              "sequence_number",
              "type",
              "time_stamp",
              "payload_type",
              "payload_revision",
              "payload",
              "meta_data"));
      insert(
          connection,
          "snapshot_event_entry",
          List.of(
              "aggregate_identifier",
              "sequence_number",
              "type",
              "event_identifier",
              "meta_data",
              "payload",
              "payload_revision",
              "payload_type",
              "time_stamp"));
      connection.commit();
    }
  }

  private static void insert(Connection connection, String table, List<String> columns)
      throws Exception {
    var sql =
        "INSERT INTO "
            + table
            + " ("
            + String.join(", ", columns)
            + ") VALUES ("
            + String.join(", ", columns.stream().map(c -> "?").toList())
            + ")";
    try (var statement = connection.prepareStatement(sql)) {
      for (var line : resourceLines(table + ".jsonl")) {
        var row = JSON.readTree(line);
        for (int i = 0; i < columns.size(); i++) {
          var value = row.get(columns.get(i));
          var column = columns.get(i);
          if (value == null || value.isNull()) {
            statement.setObject(i + 1, null);
          } else if (column.equals("payload") || column.equals("meta_data")) {
            statement.setBytes(i + 1, value.asText().getBytes(StandardCharsets.UTF_8));
          } else if (value.isNumber()) {
            statement.setLong(i + 1, value.asLong());
          } else {
            statement.setString(i + 1, value.asText());
          }
        }
        statement.addBatch();
      }
      statement.executeBatch();
    }
  }

  /** Puts back into the sandbox what the earlier version left in the cluster. */
  private void seedCluster() throws Exception {
    var server = sandboxUrl();
    // the sandbox serves HTTPS with the certificate its kubeconfig names
    var sandboxHttp =
        HttpClient.newBuilder()
            .sslContext(
                SandboxCluster.sslContextTrusting(
                    new String(
                        Base64.getDecoder().decode(kubeconfigValue("certificate-authority-data:")),
                        StandardCharsets.US_ASCII)))
            .build();
    for (var list :
        List.of(
            "api_v1_namespaces",
            "api_v1_configmaps",
            "api_v1_secrets",
            "api_v1_services",
            "apis_apps_v1_deployments",
            "api_v1_pods")) {
      for (var item : JSON.readTree(resource("sandbox/" + list + ".json")).get("items")) {
        var object = (ObjectNode) item.deepCopy();
        var metadata = object.withObject("metadata");
        metadata.remove(List.of("resourceVersion", "uid", "creationTimestamp", "generation"));
        var collection = collectionPath(list, metadata.path("namespace").asText(""));
        var response =
            sandboxHttp.send(
                HttpRequest.newBuilder(URI.create(server + collection))
                    .header("Authorization", "Bearer " + kubeconfigValue("token:"))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(object.toString()))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(collection + ": " + response.body()).isLessThan(300);
      }
    }
  }

  private static String collectionPath(String list, String namespace) {
    var parts = list.split("_");
    var plural = parts[parts.length - 1];
    var group = String.join("/", Arrays.copyOf(parts, parts.length - 1));
    return "/" + group + (namespace.isEmpty() ? "" : "/namespaces/" + namespace) + "/" + plural;
  }

  /** The sandbox's API server, from the kubeconfig it writes (as a user would find it). */
  private String sandboxUrl() throws Exception {
    return kubeconfigValue("server:");
  }

  /** A value of the sandbox's kubeconfig: its server, its user's bearer token. */
  private String kubeconfigValue(String key) throws Exception {
    var kubeconfig =
        Files.readString(Path.of(environment.getProperty("driftless.sandbox.kubeconfig")));
    return kubeconfig
        .lines()
        .map(String::trim)
        .filter(line -> line.startsWith(key))
        .map(line -> line.substring(key.length()).trim())
        .findFirst()
        .orElseThrow();
  }

  private JsonNode redeploy(String appId, String source) throws Exception {
    var body =
        source.startsWith("examples:")
            ? Files.readString(Path.of("..", "examples", source.substring("examples:".length())))
            : resource(source);
    var type = source.endsWith(".json") ? "application/json" : "application/yaml";
    var response =
        send("http://127.0.0.1:" + port + "/api/apps/" + appId + "/deploy", "POST", body, type);
    assertThat(response.statusCode()).as(appId + ": " + response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  private long count(String table) {
    return jdbc.queryForObject("SELECT COUNT(*) FROM " + table, Long.class);
  }

  private JsonNode get(String path) throws Exception {
    var response = send("http://127.0.0.1:" + port + path, "GET", null, null);
    assertThat(response.statusCode()).as(path + ": " + response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  private static HttpResponse<String> send(String url, String method, String body, String type)
      throws Exception {
    var request = HttpRequest.newBuilder(URI.create(url));
    if (body == null) {
      request.method(method, HttpRequest.BodyPublishers.noBody());
    } else {
      request
          .header("Content-Type", type)
          .method(method, HttpRequest.BodyPublishers.ofString(body));
    }
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static JsonNode expected(String file) throws Exception {
    return JSON.readTree(resource("views/" + file));
  }

  private static String resource(String name) throws Exception {
    try (var in = StoredHistoryIT.class.getResourceAsStream(STORE + name)) {
      assertThat(in).as(STORE + name).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private static List<String> resourceLines(String name) throws Exception {
    var lines = new ArrayList<String>();
    resource(name).lines().filter(l -> !l.isBlank()).forEach(lines::add);
    return lines;
  }
}
