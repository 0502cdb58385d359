package io.driftless.sandbox.discovery;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.driftless.sandbox.objects.Nodes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The group versions a 1.30 API server serves with its default flags and their resources, read from
 * {@code api-resources.json} (made by {@code tools/discovery_data.py} from 1.30's published
 * OpenAPI), in the server's order of preference.
 */
final class BuiltInResources {

  private static final String FILE = "api-resources.json";

  private BuiltInResources() {}

  /** Each served group version's resources, as {@code APIResource} objects. */
  static Map<GroupVersion, ArrayNode> load() {
    try (var in = BuiltInResources.class.getResourceAsStream(FILE)) {
      if (in == null) {
        throw new IllegalStateException("the sandbox's jar lacks discovery/" + FILE);
      }
      var served = new LinkedHashMap<GroupVersion, ArrayNode>();
      for (JsonNode entry : Nodes.MAPPER.readTree(in).path("groupVersions")) {
        var groupVersion =
            new GroupVersion(entry.path("group").asText(), entry.path("version").asText());
        served.put(groupVersion, (ArrayNode) entry.path("resources"));
      }
      return served;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
