package io.driftless.command.ownership;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.driftless.diff.plan.Change;
import io.driftless.diff.plan.ChangeOp;
import io.driftless.diff.plan.FieldChange;
import io.driftless.diff.resources.KappAnnotations;
import io.driftless.diff.resources.ResourceKey;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Decides, per planned change, whether an app may touch an object, as kapp does.
 *
 * <ul>
 *   <li>Create, update and noop (kept versions included): an object whose live copy is labelled for
 *       another app is a conflict; all conflicts are refused together ({@link
 *       OwnershipConflictException}) unless {@code overrideOwnership}, which makes the change an
 *       update setting the labels, with the field {@code metadata.labels["driftless.io/app"]} from
 *       the old owner's label to ours, decided by {@value #OVERRIDE}. An unlabelled live object the
 *       app never applied is adopted the same way (from nothing, decided by {@value #ADOPT}). An
 *       unlabelled object the app itself recorded applying was written by an older Driftless: it
 *       stays as the diff planned it, and gets its labels with its next write.
 *   <li>Delete (prune or app delete): only objects labelled for this app, unlabelled objects the
 *       app recorded applying, and objects already gone. Others (taken over, or never ours) are
 *       left out of the change, silently, as kapp never sees them.
 *   <li>Objects whose desired manifest has kapp's {@code kapp.k14s.io/exists} or {@code
 *       kapp.k14s.io/noop} annotation are not claimed: never checked, never labelled.
 * </ul>
 */
public final class OwnershipRules {

  /** {@code decidedBy} of the label field of a takeover. */
  public static final String OVERRIDE = "overrideOwnership";

  /** {@code decidedBy} of the label field of an adoption. */
  public static final String ADOPT = "adopt";

  /** The field path of the app label in the diff engine's syntax. */
  public static final String LABEL_PATH = "metadata.labels[\"" + AppLabels.APP + "\"]";

  private static final List<String> UNCLAIMED =
      List.of(KappAnnotations.EXISTS, KappAnnotations.NOOP);

  private final String label;
  private final Map<ResourceKey, ObjectNode> live;
  private final Predicate<ResourceKey> recorded;

  /**
   * Rules for one app.
   *
   * @param live the live objects as read, Driftless's labels still on
   * @param recorded whether the app recorded applying an object (and has not deleted or lost it)
   */
  public OwnershipRules(
      String appId, Map<ResourceKey, ObjectNode> live, Predicate<ResourceKey> recorded) {
    this.label = AppLabels.appLabel(appId);
    this.live = live;
    this.recorded = recorded;
  }

  /** Whether Driftless claims the object of a change: labels it, checks it (not exists/noop). */
  public static boolean claims(Change change) {
    var object = change.intended() != null ? change.intended() : change.applied();
    var annotations = object == null ? null : object.path("metadata").path("annotations");
    return annotations == null || UNCLAIMED.stream().noneMatch(annotations::has);
  }

  /**
   * Applies the rules to a plan's changes.
   *
   * @throws OwnershipConflictException when objects belong to another app and {@code
   *     overrideOwnership} is false; the details list every one
   */
  public Ownership apply(List<Change> changes, boolean overrideOwnership) {
    var kept = new ArrayList<Change>();
    var takenOver = new LinkedHashMap<ResourceKey, Owner>();
    var conflicts = new ArrayList<String>();
    for (var change : changes) {
      var object = live.get(change.key());
      var owner = object == null ? null : AppLabels.ownerOf(object).orElse(null);
      if (change.op() == ChangeOp.DELETE) {
        if (object == null || ours(change.key(), owner)) {
          kept.add(change);
        }
      } else if (object == null || !claims(change) || ours(change.key(), owner)) {
        kept.add(change);
      } else if (owner == null) {
        kept.add(labelUpdate(change, null, ADOPT));
      } else if (overrideOwnership) {
        kept.add(labelUpdate(change, owner.label(), OVERRIDE));
        takenOver.put(change.key(), owner);
      } else {
        conflicts.add(conflict(change, owner));
      }
    }
    if (!conflicts.isEmpty()) {
      throw new OwnershipConflictException(conflicts);
    }
    return new Ownership(kept, takenOver);
  }

  /** Labelled for this app, or unlabelled and applied by it (an older Driftless). */
  private boolean ours(ResourceKey key, Owner owner) {
    return owner == null ? recorded.test(key) : owner.label().equals(label);
  }

  private Change labelUpdate(Change change, String from, String decidedBy) {
    var fields = new ArrayList<>(change.fields());
    fields.add(
        new FieldChange(
            LABEL_PATH,
            from == null ? null : TextNode.valueOf(from),
            TextNode.valueOf(label),
            decidedBy));
    return change.asUpdate(fields);
  }

  private static String conflict(Change change, Owner owner) {
    return "Resource '"
        + describe(change.key(), change.apiVersion())
        + "' is already associated with a different "
        + owner.description();
  }

  /** kapp's description of a resource: {@code deployment/simple-app (apps/v1) namespace: ns}. */
  public static String describe(ResourceKey key, String apiVersion) {
    return key.kappDescription(apiVersion);
  }
}
