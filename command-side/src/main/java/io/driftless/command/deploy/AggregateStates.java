package io.driftless.command.deploy;

import io.driftless.command.app.App;
import io.driftless.command.app.AppState;
import io.driftless.command.resource.ResourceChange;
import io.driftless.command.resource.ResourceState;
import java.util.Optional;
import java.util.function.Function;
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
class AggregateStates {

  private final Repository<App> apps;
  private final Repository<ResourceChange> resources;

  AggregateStates(Repository<App> apps, Repository<ResourceChange> resources) {
    this.apps = apps;
    this.resources = resources;
  }

  AppState app(String appId) {
    return read(apps, appId, App::state).orElseGet(() -> AppState.absent(appId));
  }

  Optional<ResourceState> resource(String resourceId) {
    return read(resources, resourceId, ResourceChange::state);
  }

  private static <T, R> Optional<R> read(Repository<T> repository, String id, Function<T, R> f) {
    var unitOfWork = DefaultUnitOfWork.startAndGet(null);
    try {
      return Optional.of(repository.load(id).invoke(f));
    } catch (AggregateNotFoundException e) {
      return Optional.empty();
    } finally {
      unitOfWork.rollback();
    }
  }
}
