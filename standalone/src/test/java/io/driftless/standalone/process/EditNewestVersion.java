package io.driftless.standalone.process;

import com.fasterxml.jackson.databind.node.TextNode;
import java.util.List;

/**
 * The newest version of a {@code kapp.k14s.io/versioned} object ({@code name-ver-N}) edited by a
 * merge patch of one data key (issue 25, point 1: {@code conf-ver-1} patched by hand).
 */
record EditNewestVersion(SandboxObject target, String key, String value) implements FuzzAction {

  @Override
  public String kind() {
    return "edit-newest-version";
  }

  @Override
  public String describe() {
    return target.key() + " data[" + key + "] = " + value;
  }

  @Override
  public String run(FuzzRun run) {
    var patch = FuzzSandbox.patchAt(List.of("data", key), TextNode.valueOf(value));
    return FuzzSandbox.outcome(run.sandbox().mergePatch(target.path(), patch));
  }
}
