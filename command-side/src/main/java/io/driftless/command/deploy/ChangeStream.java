package io.driftless.command.deploy;

import io.driftless.command.apply.wait.Progress;
import java.util.List;

/**
 * Hears a change as it happens: its plan (once, before anything is written) and then every progress
 * line of its apply ({@link Progress}). The streamed answer ({@link DeployStreamController}) writes
 * them out; a plain request hears nothing ({@link #NONE}).
 */
interface ChangeStream extends Progress {

  /** Hears nothing. */
  ChangeStream NONE =
      new ChangeStream() {
        @Override
        public void planned(DeployResponse plan) {}

        @Override
        public void line(String line, List<String> detail) {}
      };

  /** The plan, as the answer will show it (without line diffs, without results). */
  void planned(DeployResponse plan);
}
