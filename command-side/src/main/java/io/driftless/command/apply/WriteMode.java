package io.driftless.command.apply;

import io.driftless.events.ApplyMode;
import java.util.Objects;

/**
 * How a change writes its updates: kapp's PUT ({@link ApplyMode#UPDATE}) or server-side apply
 * ({@link ApplyMode#SERVER_SIDE}, field manager {@code driftless}), and whether a server-side apply
 * takes fields another manager owns ({@code forceConflicts}; else the cluster's conflict fails the
 * change as {@code 409 field_conflict}).
 */
public record WriteMode(ApplyMode mode, boolean forceConflicts) {

  public WriteMode {
    Objects.requireNonNull(mode, "mode");
  }

  boolean serverSide() {
    return mode == ApplyMode.SERVER_SIDE;
  }
}
