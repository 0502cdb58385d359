package io.driftless.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.objects.Nodes;
import io.driftless.sandbox.objects.ObjectType;
import io.driftless.sandbox.validation.Invalid;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.api.model.StatusDetailsBuilder;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.http.MockResponse;
import java.net.URI;
import java.util.Set;

/**
 * Answers as the API server words them: {@code Status} refusals, and a delete's answer (the deleted
 * object for the kinds whose registry sets {@code ReturnDeletedObject}, else a {@code Success}
 * Status naming it).
 */
final class Answers {

  /** Kinds whose registry store returns the deleted object (pods, services ... and CRs). */
  private static final Set<String> RETURN_DELETED =
      Set.of(
          "Pod",
          "Service",
          "ServiceAccount",
          "Namespace",
          "StorageClass",
          "CustomResourceDefinition");

  private Answers() {}

  static MockResponse status(int code, String reason, String message) {
    return status(code, reason, message, null);
  }

  /** A failure Status with {@code details} (causes), when not null. */
  static MockResponse status(int code, String reason, String message, ObjectNode details) {
    var status = Nodes.newObject();
    status.put("kind", "Status").put("apiVersion", "v1");
    status.putObject("metadata");
    status.put("status", "Failure").put("message", message).put("reason", reason);
    if (details != null) {
      status.set("details", details);
    }
    status.put("code", code);
    return new MockResponse()
        .setResponseCode(code)
        .setHeader("Content-Type", "application/json")
        .setBody(status.toString());
  }

  /** 404 for the object at {@code path}: {@code deployments.apps "web" not found}. */
  static MockResponse notFound(String path) {
    var parts = URI.create(path).getPath().split("/");
    var name = parts[parts.length - 1];
    var resource = parts.length >= 2 ? parts[parts.length - 2] : "";
    var group = parts.length > 1 && parts[1].equals("apis") ? "." + parts[2] : "";
    return status(404, "NotFound", resource + group + " \"" + name + "\" not found");
  }

  /** True when {@code path} names a collection (a deletecollection), not one object. */
  static boolean collection(String path) {
    var parts = URI.create(path).getPath().split("/");
    // ["", "api", v1, ...] or ["", "apis", group, version, ...]
    var first = parts.length > 1 && parts[1].equals("apis") ? 4 : 3;
    var rest = parts.length - first;
    if (rest >= 1 && parts[first].equals("namespaces")) {
      return rest == 1 || rest == 3;
    }
    return rest == 1;
  }

  /** The answer to a delete of {@code object} at {@code path}. */
  static MockResponse deleted(String path, ObjectNode object) {
    var type = ObjectType.of(object);
    var builtIn = io.driftless.sandbox.patch.PatchSchema.builtIn(type.group());
    if (!builtIn || RETURN_DELETED.contains(type.kind())) {
      return new MockResponse().setResponseCode(200).setBody(object.toString());
    }
    var parts = URI.create(path).getPath().split("/");
    var details =
        new StatusDetailsBuilder()
            .withName(Nodes.text(object, "metadata", "name"))
            .withKind(parts[parts.length - 2])
            .withUid(Nodes.text(object, "metadata", "uid"));
    if (!type.group().isEmpty()) {
      details.withGroup(type.group());
    }
    var status =
        new StatusBuilder()
            .withNewMetadata()
            .endMetadata()
            .withStatus("Success")
            .withDetails(details.build())
            .build();
    return new MockResponse().setResponseCode(200).setBody(Serialization.asJson(status));
  }

  /** 400 BadRequest, as an API server answers a body it cannot decode. */
  static MockResponse badRequest(RuntimeException e) {
    var status =
        new StatusBuilder()
            .withStatus("Failure")
            .withReason("BadRequest")
            .withCode(400)
            .withMessage(
                "the request body cannot be taken as an object of its kind: " + e.getMessage())
            .build();
    return new MockResponse().setResponseCode(400).setBody(Serialization.asJson(status));
  }

  /** 500 InternalError: the sandbox could not do or save a write. */
  static MockResponse failure(String message) {
    var status =
        new StatusBuilder()
            .withStatus("Failure")
            .withReason("InternalError")
            .withCode(500)
            .withMessage(message)
            .build();
    return new MockResponse().setResponseCode(500).setBody(Serialization.asJson(status));
  }

  /** 422 Invalid: admission refused the object (its {@code Status} says why). */
  static MockResponse invalid(Invalid invalid) {
    return new MockResponse().setResponseCode(422).setBody(Serialization.asJson(invalid.status()));
  }
}
