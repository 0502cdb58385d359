package io.driftless.query.projection;

import io.driftless.events.DriftlessEvent;
import io.driftless.events.EventCatalog;
import java.util.List;
import java.util.function.Predicate;

/**
 * What a view is, apart from its fold: its name (its key in {@code projection_offset}), its tables,
 * the aggregate types it follows and the event types it changes for ({@link Projection}).
 *
 * @param name the view's name
 * @param tables the view's tables, all of them and only them
 * @param follows whether the view follows an aggregate type
 * @param handles whether the view changes for an event type
 */
public record ViewIdentity(
    String name, List<String> tables, Predicate<String> follows, Predicate<String> handles) {

  public ViewIdentity {
    tables = List.copyOf(tables);
  }

  /** A view that follows every aggregate type and changes for the given event classes. */
  @SafeVarargs
  public static ViewIdentity of(
      String name, List<String> tables, Class<? extends DriftlessEvent>... handled) {
    var types = EventCatalog.typeNames(handled);
    return new ViewIdentity(name, tables, aggregateType -> true, types::contains);
  }
}
