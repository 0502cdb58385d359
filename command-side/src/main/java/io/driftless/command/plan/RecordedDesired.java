package io.driftless.command.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.resources.Resource;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.events.ChangeTrigger;
import java.util.List;

/**
 * The desired set an app's change left, as {@link DesiredAsOf} rebuilds it: what a rollback to that
 * change deploys again.
 *
 * @param changeId the change
 * @param trigger what the change was; {@link ChangeTrigger#LOCK} and {@link ChangeTrigger#UNLOCK}
 *     rows carry no desired set (every list empty)
 * @param successful whether the change succeeded; null while it runs (and for lock rows)
 * @param resources the desired objects in the form a deploy body gives them (Driftless's labels
 *     off, a versioned resource under its own name, Secrets with their values from their seals)
 * @param configs the kapp Config documents the change was made with
 * @param unrecoverable the Secrets of the set whose values no configured key opens (or that were
 *     recorded before sealing existed): such a set cannot be deployed again
 */
public record RecordedDesired(
    String changeId,
    ChangeTrigger trigger,
    Boolean successful,
    List<Resource> resources,
    List<ObjectNode> configs,
    List<ResourceKey> unrecoverable) {

  /** Copies the lists. */
  public RecordedDesired {
    resources = List.copyOf(resources);
    configs = List.copyOf(configs);
    unrecoverable = List.copyOf(unrecoverable);
  }
}
