package io.driftless.command.apply.wait;

import java.util.List;

/**
 * Hears a change's progress as it happens, one line in kapp's wording at a time ({@code create
 * deployment/x (apps/v1) namespace: default}, {@code ongoing: reconcile deployment/x ...} with
 * {@code detail} lines such as {@code Waiting for generation 2 to be observed}). Called from the
 * apply workers, possibly at once: an implementation must be thread-safe.
 */
@FunctionalInterface
public interface Progress {

  /** Hears nothing: a change without a listener (the plain JSON answer, the scheduler). */
  Progress NONE = (line, detail) -> {};

  /** One line, with its detail lines (kapp's indented {@code ^ ...}), possibly none. */
  void line(String line, List<String> detail);

  /** One line without detail. */
  default void line(String line) {
    line(line, List.of());
  }
}
