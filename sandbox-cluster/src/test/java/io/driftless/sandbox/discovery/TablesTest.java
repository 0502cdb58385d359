package io.driftless.sandbox.discovery;

import static io.driftless.sandbox.discovery.DiscoveryTest.request;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.driftless.sandbox.objects.Nodes;
import io.fabric8.mockwebserver.http.MockResponse;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Server-side printing (issue 28). */
class TablesTest {

  private static final String TABLE =
      "application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;"
          + "g=meta.k8s.io,application/json";
  private static final String LIST =
      """
      {"kind": "List", "apiVersion": "v1", "metadata": {"resourceVersion": "7"}, "items": [
        {"apiVersion": "apps/v1", "kind": "Deployment",
         "metadata": {"name": "web", "namespace": "default",
                      "creationTimestamp": "2026-01-01T00:00:00Z", "managedFields": [{}]},
         "spec": {"replicas": 3},
         "status": {"readyReplicas": 2, "updatedReplicas": 3, "availableReplicas": 2}}]}
      """;

  private final List<JsonNode> crds = new ArrayList<>();
  private final Tables tables =
      new Tables(Clock.fixed(Instant.parse("2026-01-01T00:03:20Z"), ZoneOffset.UTC), () -> crds);

  @Test
  void aListAskedForAsTableIsATableWithTheKindsColumns() throws IOException {
    var response =
        tables.finish(request("GET", "/apis/apps/v1/deployments", "Accept", TABLE), ok(LIST));
    var table = Nodes.MAPPER.readTree(response.getBody().getBytes());

    assertThat(table.path("kind").asText()).isEqualTo("Table");
    assertThat(table.path("apiVersion").asText()).isEqualTo("meta.k8s.io/v1");
    assertThat(table.path("metadata").path("resourceVersion").asText()).isEqualTo("7");
    assertThat(names(table.path("columnDefinitions")))
        .isEqualTo("Name,Ready,Up-to-date,Available,Age");
    var row = table.path("rows").get(0);
    assertThat(row.path("cells").toString()).isEqualTo("[\"web\",\"2/3\",3,2,\"3m20s\"]");
    assertThat(row.path("object").path("kind").asText()).isEqualTo("PartialObjectMetadata");
    assertThat(row.path("object").path("metadata").path("namespace").asText()).isEqualTo("default");
    assertThat(row.path("object").path("metadata").has("managedFields")).isFalse();
  }

  @Test
  void anObjectOfAnotherKindHasNameAndAge() throws IOException {
    var widget =
        "{\"apiVersion\": \"example.com/v1\", \"kind\": \"Widget\", \"metadata\": {\"name\": \"w1\","
            + " \"creationTimestamp\": \"2025-12-31T00:00:00Z\"}}";
    var response =
        tables.finish(
            request("GET", "/apis/example.com/v1/widgets/w1", "Accept", TABLE), ok(widget));
    var table = Nodes.MAPPER.readTree(response.getBody().getBytes());

    assertThat(names(table.path("columnDefinitions"))).isEqualTo("Name,Age");
    assertThat(table.path("rows").get(0).path("cells").toString()).isEqualTo("[\"w1\",\"24h\"]");
  }

  @Test
  void aCustomKindHasItsCrdsPrinterColumns() throws IOException {
    crds.add(
        Nodes.MAPPER.readTree(
            """
            {"spec": {"group": "example.com", "names": {"kind": "Widget"}, "versions": [
              {"name": "v1", "additionalPrinterColumns": [
                {"name": "Size", "type": "integer", "jsonPath": ".spec.size"},
                {"name": "First", "type": "string", "jsonPath": ".spec.parts[0].name",
                 "priority": 1},
                {"name": "Ready", "type": "string",
                 "jsonPath": ".status.conditions[?(@.type==\\"Ready\\")].status"},
                {"name": "Created", "type": "date", "jsonPath": ".metadata.creationTimestamp"}]}]}}
            """));
    var widget =
        "{\"apiVersion\": \"example.com/v1\", \"kind\": \"Widget\", \"metadata\": {\"name\": \"w1\","
            + " \"creationTimestamp\": \"2026-01-01T00:00:00Z\"},"
            + " \"spec\": {\"size\": 3, \"parts\": [{\"name\": \"a\"}]}}";
    var response =
        tables.finish(
            request("GET", "/apis/example.com/v1/widgets/w1", "Accept", TABLE), ok(widget));
    var table = Nodes.MAPPER.readTree(response.getBody().getBytes());

    assertThat(names(table.path("columnDefinitions"))).isEqualTo("Name,Size,First,Ready,Created");
    assertThat(table.path("columnDefinitions").get(2).path("priority").asInt()).isEqualTo(1);
    assertThat(table.path("rows").get(0).path("cells").toString())
        .isEqualTo("[\"w1\",3,\"a\",null,\"3m20s\"]");
  }

  @Test
  void otherReadsAreLeftAsTheyAreButTypedAsJson() {
    var plain = tables.finish(request("GET", "/apis/apps/v1/deployments"), ok(LIST));
    assertThat(plain.getBody().readUtf8()).isEqualTo(LIST);
    assertThat(plain.header("Content-Type")).isEqualTo("application/json");
    var refused = new MockResponse().setResponseCode(404).setBody("{\"kind\": \"Status\"}");
    assertThat(tables.finish(request("GET", "/x", "Accept", TABLE), refused).getBody().readUtf8())
        .isEqualTo("{\"kind\": \"Status\"}");
  }

  @Test
  void agesReadAsKubectlPrintsThem() {
    assertThat(HumanDuration.of(Duration.ofSeconds(119))).isEqualTo("119s");
    assertThat(HumanDuration.of(Duration.ofSeconds(200))).isEqualTo("3m20s");
    assertThat(HumanDuration.of(Duration.ofMinutes(5))).isEqualTo("5m");
    assertThat(HumanDuration.of(Duration.ofMinutes(125))).isEqualTo("125m");
    assertThat(HumanDuration.of(Duration.ofMinutes(245))).isEqualTo("4h5m");
    assertThat(HumanDuration.of(Duration.ofHours(30))).isEqualTo("30h");
    assertThat(HumanDuration.of(Duration.ofHours(75))).isEqualTo("3d3h");
    assertThat(HumanDuration.of(Duration.ofDays(400))).isEqualTo("400d");
    assertThat(HumanDuration.of(Duration.ofDays(365 * 3 + 10))).isEqualTo("3y10d");
    assertThat(HumanDuration.of(Duration.ofSeconds(-5))).isEqualTo("<invalid>");
  }

  private static MockResponse ok(String body) {
    return new MockResponse().setResponseCode(200).setBody(body);
  }

  private static String names(JsonNode columns) {
    var names = new StringBuilder();
    columns.forEach(
        c -> names.append(names.length() == 0 ? "" : ",").append(c.path("name").asText()));
    return names.toString();
  }
}
