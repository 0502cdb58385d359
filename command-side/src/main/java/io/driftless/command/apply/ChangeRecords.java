package io.driftless.command.apply;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.ownership.Owner;
import io.driftless.command.plan.AggregateStates;
import io.driftless.command.plan.Planner;
import io.driftless.command.resource.RecordApplyFailed;
import io.driftless.command.resource.RecordResourceApplied;
import io.driftless.command.resource.RecordResourceDeleted;
import io.driftless.command.resource.RecordResourceDisowned;
import io.driftless.command.secrets.SecretVault;
import io.driftless.diff.plan.Change;
import io.driftless.diff.plan.FieldManagers;
import io.driftless.diff.text.ContentHash;
import io.driftless.diff.text.SecretRedaction;
import io.driftless.events.FieldChange;
import io.driftless.events.ResourceRef;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.modelling.command.ConcurrencyException;

/**
 * The one place where what the cluster did becomes the ResourceChange's record:
 *
 * <ul>
 *   <li>{@code CREATED} (a create, or the create of a replace): {@code ResourceCreated};
 *   <li>{@code UPDATED}: {@code ResourceUpdated};
 *   <li>{@code DELETED}: {@code ResourceDeleted}; {@code ORPHANED}: {@code ResourceDeleted} with
 *       {@code orphaned: true}; both only when the app holds the object;
 *   <li>{@code UNTOUCHED} (exists, skip, a fallback that changed nothing): nothing;
 *   <li>a refusal: {@code ResourceApplyFailed}.
 * </ul>
 *
 * An object taken over from another app also gets {@code ResourceDisowned} on that app's
 * ResourceChange, if that app held it. The recorded last-applied object carries Secret values as
 * keyed fingerprints; a Secret's desired object also goes along sealed ({@link SecretVault}), so a
 * reconcile can restore it.
 */
final class ChangeRecords {

  /** How often a record is sent when its append keeps losing the race (see {@link #send}). */
  private static final int RECORD_ATTEMPTS = 5;

  private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {};

  private final CommandGateway commands;
  private final AggregateStates states;
  private final Clock clock;
  private final SecretVault vault;
  private final ObjectMapper mapper = new ObjectMapper();

  ChangeRecords(CommandGateway commands, AggregateStates states, Clock clock, SecretVault vault) {
    this.commands = commands;
    this.states = states;
    this.clock = clock;
    this.vault = vault;
  }

  /** Records what one change did. */
  void record(ApplyContext context, Outcome outcome) {
    var change = outcome.change();
    var resourceId = context.resourceId(change.key());
    switch (outcome.kind()) {
      case CREATED, UPDATED -> send(applied(context, outcome));
      case DELETED, ORPHANED -> {
        if (context.plan().holds(change.key())) {
          send(
              new RecordResourceDeleted(
                  resourceId,
                  context.appId(),
                  context.changeId(),
                  ref(change),
                  clock.instant(),
                  outcome.kind() == Outcome.Kind.ORPHANED));
        }
      }
      case UNTOUCHED -> {}
    }
    disown(context, change, context.takenOver().get(change.key()));
  }

  /**
   * Records the failure of a change (the cluster's refusal, or another failure) with its reason.
   */
  void failed(ApplyContext context, Change change, String reason) {
    send(
        new RecordApplyFailed(
            context.resourceId(change.key()),
            context.appId(),
            context.changeId(),
            ref(change),
            change.op().wireName(),
            reason,
            clock.instant()));
  }

  /**
   * Sends a record, again when its append lost the race for the aggregate's next sequence number to
   * another writer of the same ResourceChange (the drift check's {@code RecordDriftSeen}, on this
   * replica or another): the lost append stored nothing, and the command, sent again, is decided on
   * the aggregate as it now is. A change never fails for a drift report.
   */
  private void send(Object command) {
    for (var attempt = 1; ; attempt++) {
      try {
        commands.sendAndWait(command);
        return;
      } catch (ConcurrencyException e) {
        if (attempt == RECORD_ATTEMPTS) {
          throw e;
        }
      }
    }
  }

  private RecordResourceApplied applied(ApplyContext context, Outcome outcome) {
    var change = outcome.change();
    var resourceId = context.resourceId(change.key());
    var desired = ClusterOp.desired(change);
    var redacted = SecretRedaction.redact(desired, vault.fingerprint());
    ObjectNode stored = outcome.stored();
    return new RecordResourceApplied(
        resourceId,
        context.appId(),
        context.changeId(),
        ref(change),
        outcome.kind() == Outcome.Kind.CREATED,
        mapper.convertValue(redacted, MAP),
        ContentHash.of(redacted),
        ClusterWrites.resourceVersion(stored),
        stored.path("metadata").path("generation").asLong(0),
        fields(change),
        clock.instant(),
        SecretRedaction.isSecret(desired) ? vault.seal(resourceId, desired) : null,
        context.plan().settings().trigger(),
        context.plan().settings().ghostDiffPolicy());
  }

  /** Records the takeover on the losing app's ResourceChange, if that app holds the object. */
  private void disown(ApplyContext context, Change change, Owner previous) {
    if (previous == null || previous.appId() == null) {
      return;
    }
    var lost = Planner.resourceId(previous.appId(), change.key());
    states
        .resource(lost)
        .filter(state -> state.lastApplied() != null)
        .ifPresent(
            state ->
                send(
                    new RecordResourceDisowned(
                        lost,
                        previous.appId(),
                        context.changeId(),
                        state.resource(),
                        context.appId(),
                        clock.instant())));
  }

  /**
   * The change's fields as recorded, each with the field manager that last wrote its live value
   * where the live object's {@code managedFields} say ({@link FieldManagers}).
   */
  private List<FieldChange> fields(Change change) {
    var managers = FieldManagers.of(change.existing());
    return change.fields().stream()
        .map(
            f ->
                new FieldChange(
                    f.path(),
                    PlainJson.of(mapper, f.from()),
                    PlainJson.of(mapper, f.to()),
                    f.decidedBy(),
                    f.from() == null ? null : managers.managerOf(f.path()).orElse(null)))
        .toList();
  }

  private static ResourceRef ref(Change change) {
    var key = change.key();
    return new ResourceRef(change.apiVersion(), key.kind(), key.namespace(), key.name());
  }
}
