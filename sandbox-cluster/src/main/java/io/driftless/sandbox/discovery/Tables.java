package io.driftless.sandbox.discovery;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.objects.Nodes;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Server-side printing: a read that asks for {@code as=Table} ({@code kubectl get}) is answered
 * with a {@code meta.k8s.io/v1} {@code Table} of the object or list the store answered, with the
 * columns of {@link Column} (a custom kind's: {@link PrinterColumns}) and each row's object as
 * {@code PartialObjectMetadata}. Other reads are left as they are, with {@code Content-Type:
 * application/json} added where the store gave none (client-go would otherwise read a typed
 * client's answer as the protobuf it asked for).
 */
public final class Tables {

  private final Clock clock;
  private final Supplier<List<? extends JsonNode>> crds;

  /**
   * @param clock the time ages are counted to
   * @param crds the stored CRDs in {@code apiextensions.k8s.io/v1}'s form, for custom kinds'
   *     printer columns
   */
  public Tables(Clock clock, Supplier<List<? extends JsonNode>> crds) {
    this.clock = clock;
    this.crds = crds;
  }

  /** {@code response} to {@code request}, as a Table if it asked for one. */
  public MockResponse finish(RecordedRequest request, MockResponse response) {
    if (response == null || response.getWebSocketListener() != null) {
      return response;
    }
    if (response.header("Content-Type") == null) {
      response.setHeader("Content-Type", "application/json");
    }
    if (!request.getMethod().equals("GET")
        || response.code() != 200
        || !wantsTable(request.getHeader("Accept"))) {
      return response;
    }
    var body = parse(response);
    if (body == null || !body.isObject() || body.path("kind").asText().equals("Status")) {
      return response;
    }
    return response.setBody(table(body).toString());
  }

  static boolean wantsTable(String accept) {
    return accept != null && accept.contains("as=Table") && accept.contains("g=meta.k8s.io");
  }

  ObjectNode table(JsonNode body) {
    var isList = body.has("items") && body.path("items").isArray();
    List<JsonNode> objects = isList ? list(body.path("items")) : List.of(body);
    var kind = isList ? itemKind(body) : body.path("kind").asText();
    var columns =
        objects.isEmpty()
            ? Column.of(kind)
            : PrinterColumns.of(objects.get(0), crds.get()).orElseGet(() -> Column.of(kind));
    var table = Nodes.MAPPER.createObjectNode().put("kind", "Table");
    table.put("apiVersion", "meta.k8s.io/v1");
    var metadata = table.putObject("metadata");
    copyText(body.path("metadata"), "resourceVersion", metadata);
    copyText(body.path("metadata"), "continue", metadata);
    var definitions = table.putArray("columnDefinitions");
    columns.forEach(column -> definitions.add(column.definition()));
    var rows = table.putArray("rows");
    var now = clock.instant();
    for (var object : objects) {
      var row = rows.addObject();
      var cells = row.putArray("cells");
      columns.forEach(column -> cells.add(column.cell(object, now)));
      row.set("object", partial(object));
    }
    return table;
  }

  /** The kind of a list's items: fabric8's mock answers a list as {@code kind: List}. */
  private static String itemKind(JsonNode list) {
    var items = list.path("items");
    if (!items.isEmpty()) {
      return items.get(0).path("kind").asText();
    }
    var kind = list.path("kind").asText();
    return kind.endsWith("List") ? kind.substring(0, kind.length() - "List".length()) : "";
  }

  private static ObjectNode partial(JsonNode object) {
    var partial = Nodes.MAPPER.createObjectNode().put("kind", "PartialObjectMetadata");
    partial.put("apiVersion", "meta.k8s.io/v1");
    var metadata = object.path("metadata").deepCopy();
    if (metadata instanceof ObjectNode fields) {
      fields.remove("managedFields");
    }
    partial.set("metadata", metadata);
    return partial;
  }

  private static List<JsonNode> list(JsonNode items) {
    var list = new ArrayList<JsonNode>();
    items.forEach(list::add);
    return list;
  }

  private static void copyText(JsonNode from, String field, ObjectNode to) {
    if (from.hasNonNull(field) && !from.path(field).asText().isEmpty()) {
      to.put(field, from.path(field).asText());
    }
  }

  private static JsonNode parse(MockResponse response) {
    var body = response.getBody();
    if (body == null) {
      return null;
    }
    try {
      return Nodes.MAPPER.readTree(body.getBytes());
    } catch (IOException e) {
      return null;
    }
  }
}
