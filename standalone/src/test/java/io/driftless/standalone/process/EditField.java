package io.driftless.standalone.process;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/** {@code kubectl edit}: one field of the spec or data changed, the whole object PUT back. */
record EditField(SandboxObject target, List<String> path, JsonNode value) implements FuzzAction {

  @Override
  public String kind() {
    return "edit-field";
  }

  @Override
  public String describe() {
    return target.key() + " " + String.join(".", path) + " = " + value;
  }

  @Override
  public String run(FuzzRun run) {
    var edited = target.object().deepCopy();
    JsonNode parent = edited;
    for (var key : path.subList(0, path.size() - 1)) {
      parent = parent.isArray() ? parent.get(Integer.parseInt(key)) : parent.get(key);
    }
    var last = path.get(path.size() - 1);
    if (parent instanceof ArrayNode array) {
      array.set(Integer.parseInt(last), value);
    } else {
      ((ObjectNode) parent).set(last, value);
    }
    return FuzzSandbox.outcome(run.sandbox().put(target.path(), edited));
  }
}
