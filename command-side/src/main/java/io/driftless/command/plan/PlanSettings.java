package io.driftless.command.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.GhostDiffPolicy;
import java.util.List;

/**
 * How a plan was made, for the change that applies it: the trigger, the app's ghost-diff policy,
 * the user's kapp Config documents as stored on {@code AppChangeStarted.kappConfigs}, and every
 * Config the plan used (the user's plus the rules Driftless added: an HPA's replicas, yielded
 * fields), which a change the cluster refused with a conflict is re-planned with.
 *
 * @param trigger a deploy (also a delete) or a reconcile
 * @param ghostDiffPolicy the policy in force for this change
 * @param kappConfigs the user's Config documents as a JSON array, null for none
 * @param configs every Config document the plan used
 */
public record PlanSettings(
    ChangeTrigger trigger,
    GhostDiffPolicy ghostDiffPolicy,
    String kappConfigs,
    List<ObjectNode> configs) {

  public PlanSettings {
    configs = List.copyOf(configs);
  }
}
