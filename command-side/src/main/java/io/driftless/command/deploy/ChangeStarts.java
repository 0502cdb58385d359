package io.driftless.command.deploy;

import io.driftless.command.app.App;
import io.driftless.command.app.StartAppChange;
import io.driftless.command.idempotency.IdempotencyKey;
import io.driftless.command.idempotency.IdempotencyStore;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.PessimisticLockingFailureException;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Starts a change, and records its {@code Idempotency-Key} atomically with it: the key's row is
 * inserted, then {@code StartAppChange} is sent, in one Spring transaction on the event store's
 * DataSource. Axon's command bus and its JDBC event store join that transaction ({@code
 * SpringTransactionManager}, propagation REQUIRED; {@code SpringDataSourceConnectionProvider} hands
 * out the transaction's connection, and its close handler leaves the commit of a connection that
 * belongs to a Spring transaction to that transaction, so the unit of work's commit does not commit
 * it): the row and {@code AppChangeStarted} are committed by the one commit of this transaction, or
 * rolled back together when the App refuses or the row exists already. The row goes first so that a
 * key recorded by another request stops this start before the App is loaded. The change id is known
 * beforehand: the App numbers the change {@code expectedChangeNumber + 1} or refuses it.
 */
@Component
class ChangeStarts {

  private final CommandGateway commands;
  private final IdempotencyStore keys;
  private final TransactionTemplate transactions;

  ChangeStarts(
      CommandGateway commands, IdempotencyStore keys, PlatformTransactionManager transactions) {
    this.commands = commands;
    this.keys = keys;
    this.transactions = new TransactionTemplate(transactions);
  }

  /** Starts the change (with its key's record when {@code key} is not null); returns its id. */
  String start(StartAppChange command, IdempotencyKey key) {
    if (key == null) {
      return commands.sendAndWait(command);
    }
    var changeId = App.changeIdOf(command.appId(), command.expectedChangeNumber() + 1);
    try {
      return transactions.execute(
          status -> {
            keys.record(key, changeId);
            return commands.<String>sendAndWait(command);
          });
    } catch (DataIntegrityViolationException | PessimisticLockingFailureException e) {
      throw new KeyInUseException(command.appId(), e);
    }
  }
}
