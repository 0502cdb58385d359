package io.driftless.standalone.process;

import com.fasterxml.jackson.databind.node.IntNode;
import java.util.List;

/** {@code kubectl scale}: a merge patch of the {@code scale} subresource's replicas. */
record Scale(SandboxObject target, int replicas) implements FuzzAction {

  @Override
  public String kind() {
    return "scale";
  }

  @Override
  public String describe() {
    return target.key() + " to " + replicas;
  }

  @Override
  public String run(FuzzRun run) {
    var patch = FuzzSandbox.patchAt(List.of("spec", "replicas"), IntNode.valueOf(replicas));
    return FuzzSandbox.outcome(run.sandbox().mergePatch(target.path() + "/scale", patch));
  }
}
