package io.driftless.command.deploy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.ownership.AppLabels;
import io.driftless.command.ownership.OwnershipRules;
import io.driftless.diff.plan.Change;
import io.driftless.diff.report.ChangeDiff;
import io.driftless.diff.resources.ResourceKey;
import java.util.Map;

/**
 * A change's line diff as the cluster sees the write (issue 31, point 4): from the live object as
 * read (Driftless's labels and annotation on, kubectl's last-applied annotation kept) to the object
 * the apply sends, with the labels and annotation Driftless adds to an object it claims ({@link
 * AppLabels#labelled}, as {@code apply/ApplyContext.toWrite} writes it) and the scoped selector
 * labels the plan put in. So a create shows every label it writes, an adoption shows the labels it
 * adds, and an update of an object already labelled for the app shows no label line. kubectl's
 * {@code kubectl.kubernetes.io/last-applied-configuration} annotation is shown on both sides: an
 * update sends the live object merged with the desired one, so the annotation is written back as it
 * was (a context line; before, the diff left it out of both sides and so did not show what the
 * write holds). The plan itself still compares without Driftless's labels ({@code
 * AppLabels.stripped}): they never make a change.
 *
 * @param live the live objects the plan read, by key, as read
 */
record WrittenDiffs(String appId, Map<ResourceKey, ObjectNode> live) {

  /** The diff text of {@code change} for its sender, Secret values masked ({@link ChangeDiff}). */
  String render(Change change, int context, boolean showSent) {
    var applied = change.applied();
    var sent =
        applied == null || !OwnershipRules.claims(change)
            ? applied
            : AppLabels.labelled(applied, appId, change.key());
    return ChangeDiff.renderWrittenForSender(change, before(change), sent, context, showSent, true);
  }

  /**
   * The live object the change starts from, as read: its own, or for a new version of a versioned
   * resource the previous version's; null when the plan read none (then the change's own).
   */
  private ObjectNode before(Change change) {
    var own = live.get(change.key());
    if (own != null || change.existing() == null) {
      return own;
    }
    var key = change.key();
    var name = change.existing().path("metadata").path("name").asText();
    return live.get(new ResourceKey(key.group(), key.kind(), key.namespace(), name));
  }
}
