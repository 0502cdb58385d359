package io.driftless.sandbox.discovery;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.driftless.sandbox.objects.Nodes;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A column of a {@code Table}. {@link #of} gives the columns {@code kubectl get} shows for a kind,
 * as 1.30's printers ({@code pkg/printers/internalversion/printers.go}) define the common ones;
 * every other kind gets Name and Age, as a CRD without printer columns does. Limits: Pods' status
 * is the stored phase (no reason or container states), and no wide ({@code -o wide}) columns.
 */
record Column(
    String name,
    String type,
    String description,
    int priority,
    BiFunction<JsonNode, Instant, JsonNode> value) {

  Column(String name, String type, String description, Function<JsonNode, JsonNode> value) {
    this(name, type, description, 0, (object, now) -> value.apply(object));
  }

  ObjectNode definition() {
    return Nodes.MAPPER
        .createObjectNode()
        .put("name", name)
        .put("type", type)
        .put("format", name.equals("Name") ? "name" : "")
        .put("description", description)
        .put("priority", priority);
  }

  /** The cell of {@code object} at {@code now} (ages are relative to it). */
  JsonNode cell(JsonNode object, Instant now) {
    return value.apply(object, now);
  }

  /** The Name column, first in every table. */
  static Column nameColumn() {
    return text("Name", "Name must be unique within a namespace.", "metadata", "name");
  }

  static List<Column> of(String kind) {
    var columns = new ArrayList<Column>();
    columns.add(nameColumn());
    switch (kind) {
      case "Deployment" -> deployment(columns);
      case "ConfigMap" -> columns.add(count("Data", "data", "binaryData"));
      case "Secret" -> {
        columns.add(text("Type", "The type of secret", "type"));
        columns.add(count("Data", "data"));
      }
      case "Namespace" ->
          columns.add(text("Status", "The status of the namespace", "status", "phase"));
      case "Service" -> service(columns);
      case "Pod" -> {
        columns.add(text("Status", "The aggregate status of the pod", "status", "phase"));
      }
      default -> {}
    }
    columns.add(new Column("Age", "string", "Time since creation", 0, Column::age));
    return columns;
  }

  private static JsonNode age(JsonNode object, Instant now) {
    var created = object.path("metadata").path("creationTimestamp").asText("");
    try {
      return TextNode.valueOf(HumanDuration.of(Duration.between(Instant.parse(created), now)));
    } catch (DateTimeParseException e) {
      return TextNode.valueOf("<unknown>");
    }
  }

  private static void deployment(List<Column> columns) {
    columns.add(
        new Column(
            "Ready",
            "string",
            "Number of the pod with ready state",
            o ->
                TextNode.valueOf(
                    o.path("status").path("readyReplicas").asInt(0)
                        + "/"
                        + o.path("spec").path("replicas").asInt(1))));
    columns.add(integer("Up-to-date", "Total number of updated pods", "updatedReplicas"));
    columns.add(integer("Available", "Total number of available pods", "availableReplicas"));
  }

  private static void service(List<Column> columns) {
    columns.add(text("Type", "The type of service", "spec", "type"));
    columns.add(text("Cluster-IP", "The cluster IP of the service", "spec", "clusterIP"));
    columns.add(
        new Column(
            "External-IP",
            "string",
            "The external IPs of the service",
            o -> TextNode.valueOf(externalIps(o))));
    columns.add(
        new Column(
            "Port(s)", "string", "The ports of the service", o -> TextNode.valueOf(ports(o))));
  }

  private static String externalIps(JsonNode service) {
    var ips = new ArrayList<String>();
    service
        .path("status")
        .path("loadBalancer")
        .path("ingress")
        .forEach(i -> ips.add(i.path("ip").asText(i.path("hostname").asText())));
    service.path("spec").path("externalIPs").forEach(ip -> ips.add(ip.asText()));
    if (!ips.isEmpty()) {
      return String.join(",", ips);
    }
    return service.path("spec").path("type").asText().equals("LoadBalancer")
        ? "<pending>"
        : "<none>";
  }

  private static String ports(JsonNode service) {
    var ports = new ArrayList<String>();
    for (var port : service.path("spec").path("ports")) {
      var nodePort = port.path("nodePort").asInt(0);
      ports.add(
          port.path("port").asInt()
              + (nodePort > 0 ? ":" + nodePort : "")
              + "/"
              + port.path("protocol").asText("TCP"));
    }
    return ports.isEmpty() ? "<none>" : String.join(",", ports);
  }

  private static Column text(String name, String description, String... path) {
    return new Column(
        name,
        "string",
        description,
        o -> {
          var node = o;
          for (var field : path) {
            node = node.path(field);
          }
          return TextNode.valueOf(node.asText(""));
        });
  }

  private static Column integer(String name, String description, String statusField) {
    return new Column(
        name,
        "integer",
        description,
        o -> IntNode.valueOf(o.path("status").path(statusField).asInt(0)));
  }

  private static Column count(String name, String... fields) {
    return new Column(
        name,
        "integer",
        "Number of entries",
        o -> {
          int count = 0;
          for (var field : fields) {
            count += o.path(field).size();
          }
          return IntNode.valueOf(count);
        });
  }
}
