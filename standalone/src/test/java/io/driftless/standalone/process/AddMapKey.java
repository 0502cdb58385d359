package io.driftless.standalone.process;

import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.List;

/** {@code kubectl patch --type=merge}: a key added to one of the object's maps. */
record AddMapKey(SandboxObject target, List<String> map, String key, String value)
    implements FuzzAction {

  @Override
  public String kind() {
    return "add-map-key";
  }

  @Override
  public String describe() {
    return target.key() + " " + String.join(".", map) + "[" + key + "] = " + value;
  }

  @Override
  public String run(FuzzRun run) {
    var path = new ArrayList<>(map);
    path.add(key);
    return FuzzSandbox.outcome(
        run.sandbox()
            .mergePatch(target.path(), FuzzSandbox.patchAt(path, TextNode.valueOf(value))));
  }
}
