package io.driftless.command.resource;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.events.ResourceRef;
import io.driftless.events.SealedObject;
import java.util.Map;

/**
 * What the planner reads of a ResourceChange.
 *
 * @param resource the object, with the apiVersion last applied
 * @param lastApplied the last-applied object (Secret values hashed), null once deleted
 * @param resourceVersion the live resourceVersion right after the last apply
 * @param generation the live generation right after the last apply
 * @param sealedDesired for a Secret, its desired object as last applied, encrypted (read it with
 *     {@code io.driftless.command.secrets.DesiredContent}); null for other kinds, once deleted, and
 *     for Secrets applied before it was recorded
 * @param yielded the fields Driftless stopped writing under the {@code yield} policy ({@code
 *     GhostDiffYielded}): path to the change that yielded it; empty once the app deleted the object
 */
public record ResourceState(
    ResourceRef resource,
    Map<String, Object> lastApplied,
    String resourceVersion,
    long generation,
    SealedObject sealedDesired,
    Map<String, String> yielded) {

  /** Copies the yielded fields. */
  public ResourceState {
    yielded = yielded == null ? Map.of() : Map.copyOf(yielded);
  }

  /**
   * The last-applied object as a new tree of its own (the caller may change it), null once deleted;
   * the tree a Jackson {@code valueToTree} makes of it, built node by node ({@link PlainTrees}).
   */
  public ObjectNode lastAppliedTree() {
    return lastApplied == null ? null : PlainTrees.object(lastApplied);
  }

  /** A state with no yielded field. */
  public ResourceState(
      ResourceRef resource,
      Map<String, Object> lastApplied,
      String resourceVersion,
      long generation,
      SealedObject sealedDesired) {
    this(resource, lastApplied, resourceVersion, generation, sealedDesired, Map.of());
  }
}
