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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.modelling.command.ConcurrencyException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

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
 *
 * <p>The records of a wave's writes are stored together ({@link #sendAll}, issue 31 point 2): one
 * command per record as ever, each its own unit of work, all in one Spring transaction that the
 * command bus and the event store join (as {@code change/ChangeStarts} does), so one commit for the
 * wave instead of one per object. A batch that fails (a lost race for an aggregate's sequence
 * number, a record its aggregate refuses) is rolled back whole, and its records are sent again one
 * by one ({@link #send}, with its retry): nothing lost, nothing stored twice.
 */
final class ChangeRecords {

  private static final Logger log = LoggerFactory.getLogger(ChangeRecords.class);

  /** How often a record is sent when its append keeps losing the race (see {@link #send}). */
  private static final int RECORD_ATTEMPTS = 5;

  private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {};

  private final CommandGateway commands;
  private final AggregateStates states;
  private final Clock clock;
  private final SecretVault vault;
  private final TransactionTemplate transactions;
  private final ObjectMapper mapper = new ObjectMapper();

  /**
   * @param transactions the transactions a wave's records are stored in together; null: each record
   *     in its own
   */
  ChangeRecords(
      CommandGateway commands,
      AggregateStates states,
      Clock clock,
      SecretVault vault,
      PlatformTransactionManager transactions) {
    this.commands = commands;
    this.states = states;
    this.clock = clock;
    this.vault = vault;
    this.transactions = transactions == null ? null : new TransactionTemplate(transactions);
  }

  /** Records what one change did, now. */
  void record(ApplyContext context, Outcome outcome) {
    commands(context, outcome).forEach(this::send);
  }

  /**
   * The commands that record what one change did, in the order they are sent: its own record (none
   * for an untouched object), then the losing app's {@code RecordResourceDisowned} of a takeover.
   */
  List<Object> commands(ApplyContext context, Outcome outcome) {
    var records = new ArrayList<Object>(2);
    var change = outcome.change();
    var resourceId = context.resourceId(change.key());
    switch (outcome.kind()) {
      case CREATED, UPDATED -> records.add(applied(context, outcome));
      case DELETED, ORPHANED -> {
        if (context.plan().holds(change.key())) {
          records.add(
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
    disowned(context, change, context.takenOver().get(change.key())).ifPresent(records::add);
    return records;
  }

  /**
   * Sends the records of several changes (each change's {@link #commands}) in one transaction;
   * returns per change its failure, null when its records are stored. When the batch fails, nothing
   * of it is stored (one transaction), and each change's records are sent again on their own, in
   * order, each with {@link #send}'s retry: a change whose record fails then fails alone, with what
   * its record failed on, and the others are stored once.
   */
  List<RuntimeException> sendAll(List<List<Object>> records) {
    var failures = new ArrayList<RuntimeException>(records.size());
    var all = records.stream().flatMap(List::stream).toList();
    // Inside a unit of work or a transaction already, the commands would join it, and a failure
    // would mark it rollback-only: sent one by one instead.
    if (transactions != null
        && all.size() > 1
        && !CurrentUnitOfWork.isStarted()
        && !TransactionSynchronizationManager.isActualTransactionActive()) {
      try {
        transactions.executeWithoutResult(status -> all.forEach(commands::sendAndWait));
        records.forEach(r -> failures.add(null));
        return failures;
      } catch (RuntimeException e) {
        log.debug("The records of {} changes were not stored together, each goes alone", all, e);
      }
    }
    for (var change : records) {
      try {
        change.forEach(this::send);
        failures.add(null);
      } catch (RuntimeException e) {
        failures.add(e);
      }
    }
    return failures;
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

  /** The record of the takeover on the losing app's ResourceChange, if that app holds it. */
  private Optional<RecordResourceDisowned> disowned(
      ApplyContext context, Change change, Owner previous) {
    if (previous == null || previous.appId() == null) {
      return Optional.empty();
    }
    var lost = Planner.resourceId(previous.appId(), change.key());
    return states
        .resource(lost)
        .filter(state -> state.lastApplied() != null)
        .map(
            state ->
                new RecordResourceDisowned(
                    lost,
                    previous.appId(),
                    context.changeId(),
                    state.resource(),
                    context.appId(),
                    clock.instant()));
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
