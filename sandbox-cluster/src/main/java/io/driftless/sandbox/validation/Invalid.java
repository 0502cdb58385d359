package io.driftless.sandbox.validation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.objects.Nodes;
import io.driftless.sandbox.objects.ObjectType;
import java.util.List;
import java.util.stream.Collectors;

/**
 * An object the API server refuses: answered {@code 422 Invalid} with a {@code Status} whose
 * message and causes read as the API server's ({@code Deployment.apps "web" is invalid:
 * spec.selector: Invalid value: ...: field is immutable}).
 */
public final class Invalid extends RuntimeException {

  private final ObjectType type;
  private final String name;
  private final List<FieldError> errors;

  public Invalid(ObjectType type, String name, List<FieldError> errors) {
    super(message(type, name, errors));
    this.type = type;
    this.name = name;
    this.errors = List.copyOf(errors);
  }

  public List<FieldError> errors() {
    return errors;
  }

  /** The {@code Status} body of the 422 answer. */
  public ObjectNode status() {
    var status = Nodes.newObject();
    status.put("kind", "Status").put("apiVersion", "v1").putObject("metadata");
    status.put("status", "Failure").put("message", getMessage()).put("reason", "Invalid");
    var details = status.putObject("details");
    details.put("name", name).put("group", type.group()).put("kind", type.kind());
    var causes = details.putArray("causes");
    for (var error : errors) {
      causes
          .addObject()
          .put("reason", error.reason())
          .put("message", error.body())
          .put("field", error.field());
    }
    status.put("code", 422);
    return status;
  }

  private static String message(ObjectType type, String name, List<FieldError> errors) {
    var listed =
        errors.size() == 1
            ? errors.get(0).message()
            : errors.stream().map(FieldError::message).collect(Collectors.joining(", ", "[", "]"));
    return type.qualified() + " \"" + name + "\" is invalid: " + listed;
  }
}
