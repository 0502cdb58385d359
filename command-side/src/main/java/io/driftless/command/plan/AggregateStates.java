package io.driftless.command.plan;

import io.driftless.command.app.App;
import io.driftless.command.app.AppState;
import io.driftless.command.resource.ResourceChange;
import io.driftless.command.resource.ResourceState;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Function;
import javax.sql.DataSource;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.axonframework.modelling.command.Repository;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Reads the current state of the aggregates, event-sourced through Axon's repositories, in a unit
 * of work that is rolled back: reading never writes. The App still decides on its own when the
 * change starts, so a state read here that is stale by then is rejected there. A plan's
 * ResourceChanges and the App are read through caches checked against the store's newest events
 * ({@link #resources}, {@link #app}); at most {@code driftless.plan.cached-states} states (10,000)
 * of each are kept.
 */
@Component
public class AggregateStates {

  private final Repository<App> apps;
  private final Repository<ResourceChange> resources;
  private final TransactionManager transactions;
  private final NewestEvents newestEvents;
  private final CachedStates<ResourceState> cachedResources;
  private final CachedStates<AppState> cachedApps;

  AggregateStates(
      Repository<App> apps,
      Repository<ResourceChange> resources,
      TransactionManager transactions,
      DataSource dataSource,
      @Value("${driftless.plan.cached-states:10000}") int cachedStates) {
    this.apps = apps;
    this.resources = resources;
    this.transactions = transactions;
    this.newestEvents = new NewestEvents(dataSource);
    this.cachedResources = new CachedStates<>(cachedStates);
    this.cachedApps = new CachedStates<>(cachedStates);
  }

  /**
   * The App's state: from {@link CachedStates} when the App recorded nothing since it was last
   * folded (its events carry its whole resource set, so a load read every change's set since the
   * last snapshot), else loaded.
   */
  public AppState app(String appId) {
    var newest = newestEvents.of(List.of(appId)).get(appId);
    if (newest == null) {
      return AppState.absent(appId);
    }
    var kept = cachedApps.get(appId, newest);
    if (kept.isPresent()) {
      return kept.get();
    }
    var state = read(apps, appId, App::state, newest, cachedApps);
    return state.orElseGet(() -> AppState.absent(appId));
  }

  public Optional<ResourceState> resource(String resourceId) {
    return read(resources, resourceId, ResourceChange::state, null, null);
  }

  /**
   * The states of the ResourceChanges among {@code resourceIds} that exist. One query finds each
   * one's newest event ({@link NewestEvents}); a state folded up to that event before is taken from
   * {@link CachedStates}, and only the others are loaded, in one unit of work (one transaction, one
   * connection) rather than one each: a plan reads every resource of its app, and an unchanged
   * redeploy found each of them unchanged since the last plan. The aggregates are loaded in the
   * ids' sorted order, so two such reads take their locks in the same order; the locks are released
   * together when the unit of work ends. A state is kept only when the load folded exactly the
   * events the query saw (a write in between is left for the next read).
   */
  public Map<String, ResourceState> resources(Collection<String> resourceIds) {
    var newest = newestEvents.of(resourceIds);
    var found = new HashMap<String, ResourceState>();
    var missing = new TreeSet<String>();
    newest.forEach(
        (id, event) ->
            cachedResources
                .get(id, event)
                .ifPresentOrElse(state -> found.put(id, state), () -> missing.add(id)));
    if (!missing.isEmpty()) {
      found.putAll(load(missing, newest));
    }
    return found;
  }

  private Map<String, ResourceState> load(
      SortedSet<String> resourceIds, Map<String, NewestEvents.Newest> newest) {
    var found = new HashMap<String, ResourceState>();
    var unitOfWork = DefaultUnitOfWork.startAndGet(null);
    try {
      unitOfWork.attachTransaction(transactions);
      for (var id : resourceIds) {
        try {
          var aggregate = resources.load(id);
          var state = aggregate.invoke(ResourceChange::state);
          found.put(id, state);
          var event = newest.get(id);
          if (folded(aggregate.version(), event)) {
            cachedResources.put(id, event, state);
          }
        } catch (AggregateNotFoundException e) {
          // not recorded: no state
        }
      }
      return found;
    } finally {
      unitOfWork.rollback();
    }
  }

  /**
   * One aggregate's state, loaded; kept in {@code cache} (if any) when the load folded exactly up
   * to {@code newest}.
   */
  private <T, R> Optional<R> read(
      Repository<T> repository,
      String id,
      Function<T, R> f,
      NewestEvents.Newest newest,
      CachedStates<R> cache) {
    var unitOfWork = DefaultUnitOfWork.startAndGet(null);
    // Connection first, then the aggregate's lock, in the order a command takes them: loading
    // takes the lock and then reads events, and a reader waiting for a pooled connection while
    // holding the lock blocked every command that held a connection and waited for the lock
    // (ConcurrentDeploysIT: 20 deploys of one app, a 30 s stall and 500s when the pool ran dry).
    try {
      unitOfWork.attachTransaction(transactions);
      var aggregate = repository.load(id);
      var state = aggregate.invoke(f);
      if (cache != null && folded(aggregate.version(), newest)) {
        cache.put(id, newest, state);
      }
      return Optional.of(state);
    } catch (AggregateNotFoundException e) {
      return Optional.empty();
    } finally {
      unitOfWork.rollback();
    }
  }

  /** Whether a load folded the aggregate's events exactly up to {@code newest}. */
  private static boolean folded(Long version, NewestEvents.Newest newest) {
    return version != null && newest != null && version == newest.sequenceNumber();
  }
}
