package io.driftless.command.change;

import io.driftless.command.app.StartAppChange;
import io.driftless.command.apply.ChangeApplier;
import io.driftless.command.idempotency.IdempotencyKey;
import io.driftless.command.idempotency.IdempotencyStore;
import io.driftless.events.ChangeIds;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.modelling.command.AggregateStreamCreationException;
import org.axonframework.modelling.command.ConcurrencyException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.PessimisticLockingFailureException;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Starts a change, and records its claim ({@link ChangeClaims}: this replica runs it) and its
 * {@code Idempotency-Key} atomically with it: the key's row is inserted, {@code StartAppChange} is
 * sent, then the claim is inserted, in one Spring transaction on the event store's DataSource.
 * Axon's command bus and its JDBC event store join that transaction ({@code
 * SpringTransactionManager}, propagation REQUIRED; {@code SpringDataSourceConnectionProvider} hands
 * out the transaction's connection, and its close handler leaves the commit of a connection that
 * belongs to a Spring transaction to that transaction, so the unit of work's commit does not commit
 * it): the row and {@code AppChangeStarted} are committed by the one commit of this transaction, or
 * rolled back together when the App refuses or the row exists already. The row goes first so that a
 * key recorded by another request stops this start before the App is loaded. The change id is known
 * beforehand: the App numbers the change {@code expectedChangeNumber + 1} or refuses it.
 */
@Component
public class ChangeStarts {

  private final CommandGateway commands;
  private final IdempotencyStore keys;
  private final ChangeClaims claims;
  private final TransactionTemplate transactions;

  ChangeStarts(
      CommandGateway commands,
      IdempotencyStore keys,
      ChangeClaims claims,
      PlatformTransactionManager transactions) {
    this.commands = commands;
    this.keys = keys;
    this.claims = claims;
    this.transactions = new TransactionTemplate(transactions);
  }

  /**
   * No thread of this replica runs the change any more; {@code finished}: it has ended, and its
   * claim goes; {@code why}: why a change that did not finish could not be closed (null: unknown).
   */
  public void release(String appId, String changeId, boolean finished, String why) {
    claims.release(appId, changeId, finished, why);
  }

  /**
   * Starts the change, claimed by this replica ({@link ChangeClaims}) and with its key's record
   * when {@code key} is not null; returns its id. The caller releases the claim once the change
   * ended.
   */
  public String start(StartAppChange command, IdempotencyKey key) {
    var appId = command.appId();
    var changeId = ChangeIds.of(appId, command.expectedChangeNumber() + 1);
    // Only an attempt the App accepted claims the change: a losing attempt computes the same
    // change id, and must not take the winner's claim out of this replica's running set.
    var claimed = new boolean[1];
    try {
      return transactions.execute(
          status -> {
            if (key != null) {
              keys.record(key, changeId);
            }
            // The App decides first (one change at a time, named to the losers); then the claim.
            var started = commands.<String>sendAndWait(command);
            claims.claim(appId, changeId);
            claimed[0] = true;
            return started;
          });
    } catch (DataIntegrityViolationException | PessimisticLockingFailureException e) {
      unclaim(appId, changeId, claimed[0], e);
      if (key == null) {
        throw new ConcurrentStartException(appId, changeId, e);
      }
      throw new KeyInUseException(appId, e);
    } catch (ConcurrencyException e) {
      unclaim(appId, changeId, claimed[0], e);
      throw new ConcurrentStartException(appId, changeId, e);
    } catch (AggregateStreamCreationException e) {
      // Racing first deploys of a new app: another stored the App's first event first (the event
      // store refuses the duplicate first event inside sendAndWait, so nothing was claimed yet).
      // By type: the duplicate key under it reads differently on H2 and MariaDB.
      throw new ConcurrentStartException(appId, changeId, e);
    } catch (RuntimeException e) {
      unclaim(appId, changeId, claimed[0], e);
      throw e;
    }
  }

  /**
   * The start failed after this attempt claimed the change (its commit failed): this replica does
   * not run it; if the commit reached the database after all, recovery finds the claim orphaned.
   */
  private void unclaim(String appId, String changeId, boolean claimed, RuntimeException e) {
    if (claimed) {
      claims.release(
          appId,
          changeId,
          false,
          "its start's commit failed on replica "
              + claims.replicaId()
              + ": "
              + ChangeApplier.reason(e));
    }
  }
}
