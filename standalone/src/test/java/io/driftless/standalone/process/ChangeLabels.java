package io.driftless.standalone.process;

import com.fasterxml.jackson.databind.node.TextNode;
import java.util.List;

/**
 * {@code kubectl label --overwrite}: a label set (a new one, or an existing one's value changed).
 */
record ChangeLabels(SandboxObject target, String key, String value) implements FuzzAction {

  @Override
  public String kind() {
    return "change-label";
  }

  @Override
  public String describe() {
    return target.key() + " " + key + "=" + value;
  }

  @Override
  public String run(FuzzRun run) {
    var patch = FuzzSandbox.patchAt(List.of("metadata", "labels", key), TextNode.valueOf(value));
    return FuzzSandbox.outcome(run.sandbox().mergePatch(target.path(), patch));
  }
}
