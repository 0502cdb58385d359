package io.driftless.standalone.process;

import java.util.ArrayList;
import java.util.List;

/** {@code kubectl patch --type=merge} with a null: a key removed from one of the object's maps. */
record RemoveMapKey(SandboxObject target, List<String> map, String key) implements FuzzAction {

  @Override
  public String kind() {
    return "remove-map-key";
  }

  @Override
  public String describe() {
    return target.key() + " " + String.join(".", map) + "[" + key + "] removed";
  }

  @Override
  public String run(FuzzRun run) {
    var path = new ArrayList<>(map);
    path.add(key);
    return FuzzSandbox.outcome(
        run.sandbox().mergePatch(target.path(), FuzzSandbox.patchAt(path, null)));
  }
}
