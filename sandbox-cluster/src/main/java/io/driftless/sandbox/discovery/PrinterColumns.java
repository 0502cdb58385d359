package io.driftless.sandbox.discovery;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The columns of a custom kind: its CRD's {@code additionalPrinterColumns} for the object's version
 * after Name, as apiextensions-apiserver's table convertor prints them ({@code date} columns as an
 * age). Limits: a column's {@code jsonPath} is read as a plain path ({@code .spec.size}, {@code
 * .status.items[0].name}); filters ({@code [?(@.type=="Ready")]}) and wildcards print nothing.
 */
final class PrinterColumns {

  private static final Pattern STEP = Pattern.compile("([^.\\[\\]]+)|\\[(\\d+)]");

  private PrinterColumns() {}

  /** The columns for {@code object} from {@code crds}, or empty if its CRD names none. */
  static Optional<List<Column>> of(JsonNode object, List<? extends JsonNode> crds) {
    var apiVersion = object.path("apiVersion").asText();
    var slash = apiVersion.indexOf('/');
    if (slash < 0) {
      return Optional.empty();
    }
    var group = apiVersion.substring(0, slash);
    var version = apiVersion.substring(slash + 1);
    var kind = object.path("kind").asText();
    for (var crd : crds) {
      var spec = crd.path("spec");
      if (spec.path("group").asText().equals(group)
          && spec.path("names").path("kind").asText().equals(kind)) {
        return columns(spec, version);
      }
    }
    return Optional.empty();
  }

  private static Optional<List<Column>> columns(JsonNode spec, String version) {
    for (var served : spec.path("versions")) {
      var printed = served.path("additionalPrinterColumns");
      if (served.path("name").asText().equals(version) && !printed.isEmpty()) {
        var columns = new ArrayList<Column>();
        columns.add(Column.nameColumn());
        printed.forEach(column -> columns.add(column(column)));
        return Optional.of(columns);
      }
    }
    return Optional.empty();
  }

  private static Column column(JsonNode column) {
    var type = column.path("type").asText("string");
    var path = column.path("jsonPath").asText();
    return new Column(
        column.path("name").asText(),
        type,
        column.path("description").asText(""),
        column.path("priority").asInt(0),
        (object, now) -> cell(read(object, path), type, now));
  }

  private static JsonNode cell(JsonNode value, String type, Instant now) {
    if (value.isMissingNode() || value.isNull()) {
      return NullNode.getInstance();
    }
    if (type.equals("date")) {
      try {
        return TextNode.valueOf(
            HumanDuration.of(Duration.between(Instant.parse(value.asText()), now)));
      } catch (DateTimeParseException e) {
        return TextNode.valueOf(value.asText());
      }
    }
    return value.isContainerNode() ? TextNode.valueOf(value.toString()) : value;
  }

  /** The value at a plain JSONPath ({@code .spec.size}), or a missing node. */
  static JsonNode read(JsonNode object, String path) {
    var rest =
        path.startsWith("{") && path.endsWith("}") ? path.substring(1, path.length() - 1) : path;
    if (rest.contains("?") || rest.contains("*")) {
      return MissingNode.getInstance();
    }
    var node = object;
    var matcher = STEP.matcher(rest);
    while (matcher.find()) {
      node =
          matcher.group(1) != null
              ? node.path(matcher.group(1))
              : node.path(Integer.parseInt(matcher.group(2)));
    }
    return node;
  }
}
