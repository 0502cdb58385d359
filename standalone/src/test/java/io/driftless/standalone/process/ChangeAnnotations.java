package io.driftless.standalone.process;

import com.fasterxml.jackson.databind.node.TextNode;
import java.util.List;

/** {@code kubectl annotate --overwrite}: an annotation set, new or changed. */
record ChangeAnnotations(SandboxObject target, String key, String value) implements FuzzAction {

  @Override
  public String kind() {
    return "change-annotation";
  }

  @Override
  public String describe() {
    return target.key() + " " + key + "=" + value;
  }

  @Override
  public String run(FuzzRun run) {
    var patch =
        FuzzSandbox.patchAt(List.of("metadata", "annotations", key), TextNode.valueOf(value));
    return FuzzSandbox.outcome(run.sandbox().mergePatch(target.path(), patch));
  }
}
