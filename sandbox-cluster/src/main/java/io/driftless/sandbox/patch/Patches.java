package io.driftless.sandbox.patch;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.driftless.sandbox.objects.Nodes;
import io.fabric8.zjsonpatch.JsonPatch;
import io.fabric8.zjsonpatch.JsonPatchException;
import java.util.Locale;

/**
 * A PATCH body applied to a stored object by its {@code Content-Type}, as the API server's patch
 * handler does: {@code application/strategic-merge-patch+json} (built-in kinds only: a custom
 * resource has no Go type to take merge keys from, and the API server answers 415), {@code
 * application/merge-patch+json}, {@code application/json-patch+json} and {@code
 * application/apply-patch+yaml} (server-side apply, merged by {@code server/ServerSideApply}).
 */
public final class Patches {

  /** The patch types. */
  public enum Type {
    STRATEGIC,
    MERGE,
    JSON,
    /** Server-side apply: the caller merges ({@code server/ServerSideApply}). */
    APPLY
  }

  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  private Patches() {}

  /**
   * The patch type of a Content-Type, refused ({@link PatchException} with 415) when the object
   * cannot be patched so.
   */
  public static Type type(String contentType, boolean builtIn) {
    var media =
        contentType == null ? "" : contentType.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
    switch (media) {
      case "application/merge-patch+json":
        return Type.MERGE;
      case "application/json-patch+json":
        return Type.JSON;
      case "application/apply-patch+yaml":
        return Type.APPLY;
      case "application/strategic-merge-patch+json":
        if (builtIn) {
          return Type.STRATEGIC;
        }
        break;
      default:
        break;
    }
    var accepted =
        builtIn
            ? "application/json-patch+json, application/merge-patch+json,"
                + " application/apply-patch+yaml, application/strategic-merge-patch+json"
            : "application/json-patch+json, application/merge-patch+json,"
                + " application/apply-patch+yaml";
    throw new PatchException(
        415,
        "UnsupportedMediaType",
        "the body of the request was in an unknown format - accepted media types include: "
            + accepted);
  }

  /** {@code stored} (not changed) patched by {@code body}. */
  public static ObjectNode apply(Type type, ObjectNode stored, String body) {
    JsonNode patch;
    try {
      patch = Nodes.MAPPER.readTree(body);
    } catch (JsonProcessingException e) {
      throw new PatchException("the patch is not JSON: " + e.getOriginalMessage());
    }
    if (patch == null) {
      throw new PatchException("the patch is empty");
    }
    JsonNode result =
        switch (type) {
          case STRATEGIC -> {
            if (!patch.isObject()) {
              throw new PatchException("a strategic merge patch must be a JSON object");
            }
            yield StrategicMergePatch.apply(
                stored.path("kind").asText(), stored, (ObjectNode) patch);
          }
          case MERGE -> JsonMergePatch.apply(stored, patch);
          case JSON -> jsonPatch(stored, patch);
          case APPLY -> throw new IllegalArgumentException("an apply is merged by the caller");
        };
    if (!result.isObject()) {
      throw new PatchException("the patched object is not a JSON object");
    }
    return (ObjectNode) result;
  }

  /** The configuration of a server-side apply: YAML (or JSON, which is YAML), one object. */
  public static ObjectNode configuration(String body) {
    JsonNode config;
    try {
      config = YAML.readTree(body);
    } catch (JsonProcessingException e) {
      throw new PatchException("the apply configuration is not YAML: " + e.getOriginalMessage());
    }
    if (config == null || !config.isObject()) {
      throw new PatchException("the apply configuration must be an object");
    }
    if (config.path("metadata").has("managedFields")) {
      throw new PatchException("metadata.managedFields must be nil in an apply configuration");
    }
    return (ObjectNode) config;
  }

  private static JsonNode jsonPatch(ObjectNode stored, JsonNode patch) {
    if (!patch.isArray()) {
      throw new PatchException("a JSON patch must be a list of operations");
    }
    try {
      return JsonPatch.apply(patch, stored);
    } catch (JsonPatchException | IllegalArgumentException e) {
      throw new PatchException(
          422, "Invalid", "the JSON patch cannot be applied: " + e.getMessage());
    }
  }
}
