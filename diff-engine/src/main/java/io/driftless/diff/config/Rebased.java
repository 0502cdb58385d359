package io.driftless.diff.config;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * A desired object after the rebase rules.
 *
 * @param object the rebased copy
 * @param fields the places rules changed, in the order they did
 */
public record Rebased(ObjectNode object, List<RebasedField> fields) {

  /** Copies the field list. */
  public Rebased {
    fields = List.copyOf(fields);
  }
}
