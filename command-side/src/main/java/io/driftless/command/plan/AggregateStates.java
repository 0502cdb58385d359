package io.driftless.command.plan;

import io.driftless.command.app.App;
import io.driftless.command.app.AppState;
import io.driftless.command.resource.ResourceChange;
import io.driftless.command.resource.ResourceState;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Function;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.axonframework.modelling.command.Repository;
import org.springframework.stereotype.Component;

/**
 * Reads the current state of the aggregates, event-sourced through Axon's repositories, in a unit
 * of work that is rolled back: reading never writes. The App still decides on its own when the
 * change starts, so a state read here that is stale by then is rejected there.
 */
@Component
public class AggregateStates {

  private final Repository<App> apps;
  private final Repository<ResourceChange> resources;
  private final TransactionManager transactions;

  AggregateStates(
      Repository<App> apps, Repository<ResourceChange> resources, TransactionManager transactions) {
    this.apps = apps;
    this.resources = resources;
    this.transactions = transactions;
  }

  public AppState app(String appId) {
    return read(apps, appId, App::state).orElseGet(() -> AppState.absent(appId));
  }

  public Optional<ResourceState> resource(String resourceId) {
    return read(resources, resourceId, ResourceChange::state);
  }

  /**
   * The states of the ResourceChanges among {@code resourceIds} that exist, read in one unit of
   * work (one transaction, one connection) rather than one each: a plan reads every resource of its
   * app, and each unit of work's rollback costs a transaction's end (on the embedded H2, a store of
   * the database file). The aggregates are loaded in the ids' sorted order, so two such reads take
   * their locks in the same order; the locks are released together when the unit of work ends.
   */
  public Map<String, ResourceState> resources(Collection<String> resourceIds) {
    var found = new HashMap<String, ResourceState>();
    var unitOfWork = DefaultUnitOfWork.startAndGet(null);
    try {
      unitOfWork.attachTransaction(transactions);
      for (var id : new TreeSet<>(resourceIds)) {
        try {
          found.put(id, resources.load(id).invoke(ResourceChange::state));
        } catch (AggregateNotFoundException e) {
          // not recorded: no state
        }
      }
      return found;
    } finally {
      unitOfWork.rollback();
    }
  }

  private <T, R> Optional<R> read(Repository<T> repository, String id, Function<T, R> f) {
    var unitOfWork = DefaultUnitOfWork.startAndGet(null);
    // Connection first, then the aggregate's lock, in the order a command takes them: loading
    // takes the lock and then reads events, and a reader waiting for a pooled connection while
    // holding the lock blocked every command that held a connection and waited for the lock
    // (ConcurrentDeploysIT: 20 deploys of one app, a 30 s stall and 500s when the pool ran dry).
    try {
      unitOfWork.attachTransaction(transactions);
      return Optional.of(repository.load(id).invoke(f));
    } catch (AggregateNotFoundException e) {
      return Optional.empty();
    } finally {
      unitOfWork.rollback();
    }
  }
}
