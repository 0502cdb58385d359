package io.driftless.command.deploy;

import io.driftless.command.idempotency.IdempotencyKey;
import io.driftless.command.plan.AggregateStates;
import io.driftless.command.plan.DesiredAsOf;
import io.driftless.command.plan.RecordedDesired;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.events.ChangeIds;
import io.driftless.events.ResourceIds;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;

/**
 * Rollbacks ({@code POST .../rollback?to=<changeId>}): finds the desired set the change left
 * ({@link DesiredAsOf}), refuses what cannot be deployed again ({@link RollbackRefusedException}:
 * before anything is planned, applied or recorded), and deploys it through {@link
 * DeployService#rollback}, the deploy's own path (plan, ownership rules, start, apply, finish, safe
 * retries). Decisions (command-side README, "Rollback"): a failed change can be rolled back to (its
 * set is what it asked for); a delete, lock or unlock row cannot; the app keeps its sync period and
 * ghost-diff policy, and takes the change's kapp Configs with its objects.
 */
@Service
class RollbackService {

  private final DeployService deploys;
  private final DesiredAsOf desired;
  private final AggregateStates states;

  RollbackService(DeployService deploys, DesiredAsOf desired, AggregateStates states) {
    this.deploys = deploys;
    this.desired = desired;
    this.states = states;
  }

  /** Rolls {@code namespace/app} back to {@code parameters.to()}; see the class comment. */
  DeployResponse rollback(
      String namespace,
      String app,
      RollbackParameters parameters,
      ChangeStream stream,
      IdempotencyKey key) {
    var appId = ResourceIds.appId(namespace, app);
    var state = states.app(appId);
    if (state.changeNumber() == 0) {
      throw notFound("There is no app " + appId + ".");
    }
    var to = parameters.to();
    var number = ChangeIds.parse(to).orElse(0);
    if (number < 1 || number > state.changeNumber() || !ChangeIds.of(appId, number).equals(to)) {
      throw notFound("App " + appId + " has no change " + to + ".");
    }
    var recorded =
        desired
            .of(appId, to)
            .orElseThrow(() -> notFound("App " + appId + " has no change " + to + "."));
    refuse(appId, recorded, parameters);
    var options = parameters.options(state.syncPeriod());
    return deploys.rollback(
        appId, recorded, options, parameters.diff(), parameters.provenance(), stream, key);
  }

  private static void refuse(String appId, RecordedDesired recorded, RollbackParameters p) {
    var to = recorded.changeId();
    switch (recorded.trigger()) {
      case DELETE ->
          throw unprocessable(
              "not_rollbackable",
              "Change "
                  + to
                  + " deleted app "
                  + appId
                  + " and left no desired set; roll back to"
                  + " the change before it, or delete the app.",
              List.of("trigger: delete"));
      case LOCK, UNLOCK ->
          throw unprocessable(
              "not_rollbackable",
              "Change "
                  + to
                  + " is a "
                  + recorded.trigger().wireName()
                  + " row and changed no"
                  + " desired set; roll back to the change before it.",
              List.of("trigger: " + recorded.trigger().wireName()));
      default -> {}
    }
    if (!recorded.unrecoverable().isEmpty()) {
      throw unprocessable(
          "secret_unrecoverable",
          "The desired set of change "
              + to
              + " holds Secrets whose values no configured key opens"
              + " (sealed with a key that is no longer configured, or recorded before sealing);"
              + " nothing was applied or recorded. Configure that key under"
              + " driftless.secrets.old-keys, or deploy the app anew.",
          recorded.unrecoverable().stream().map(RollbackService::describe).toList());
    }
    if (recorded.resources().isEmpty() && !p.allowEmpty()) {
      throw unprocessable(
          "no_resources",
          "The desired set of change "
              + to
              + " holds no resources; deploying it would delete"
              + " every resource of the app. To do that on purpose, add allowEmpty=true.",
          List.of());
    }
  }

  private static String describe(ResourceKey key) {
    return "Secret "
        + key.name()
        + (key.namespace().isEmpty() ? "" : " (namespace " + key.namespace() + ")");
  }

  private static RollbackRefusedException notFound(String message) {
    return new RollbackRefusedException(HttpStatus.NOT_FOUND, "not_found", message, List.of());
  }

  private static RollbackRefusedException unprocessable(
      String code, String message, List<String> details) {
    return new RollbackRefusedException(HttpStatus.UNPROCESSABLE_CONTENT, code, message, details);
  }
}
