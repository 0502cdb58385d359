package io.driftless.events;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Every event type Driftless publishes, by its wire name (the record's simple name), with the
 * aggregate type that emits it. The wire name never changes once published; a renamed record keeps
 * its old name here.
 */
public final class EventCatalog {

  /** The aggregate type of {@link AppEvent}s. */
  public static final String APP = "App";

  /** The aggregate type of {@link ResourceEvent}s. */
  public static final String RESOURCE_CHANGE = "ResourceChange";

  private static final List<Class<? extends DriftlessEvent>> TYPES =
      List.of(
          AppChangeStarted.class,
          AppChangeFinished.class,
          AppDeleted.class,
          AppLocked.class,
          AppUnlocked.class,
          ResourceCreated.class,
          ResourceUpdated.class,
          ResourceDeleted.class,
          ResourceApplyFailed.class,
          ResourceDisowned.class,
          GhostDiffDetected.class,
          GhostDiffYielded.class,
          DriftDetected.class,
          DriftCorrected.class);

  private static final Map<String, Class<? extends DriftlessEvent>> BY_NAME =
      TYPES.stream()
          .collect(Collectors.toUnmodifiableMap(Class::getSimpleName, Function.identity()));

  private EventCatalog() {}

  /** All event classes, App events first. */
  public static List<Class<? extends DriftlessEvent>> types() {
    return TYPES;
  }

  /** The class published under {@code typeName}, if it is one of ours. */
  public static Optional<Class<? extends DriftlessEvent>> classOf(String typeName) {
    return Optional.ofNullable(BY_NAME.get(typeName));
  }

  /** The wire name of an event class. */
  public static String typeName(Class<?> eventClass) {
    if (!BY_NAME.containsKey(eventClass.getSimpleName())) {
      throw new IllegalArgumentException("not a Driftless event: " + eventClass.getName());
    }
    return eventClass.getSimpleName();
  }

  /** The wire names of event classes: what a projection follows, named by class, never typed. */
  @SafeVarargs
  public static Set<String> typeNames(Class<? extends DriftlessEvent>... eventClasses) {
    return Arrays.stream(eventClasses)
        .map(EventCatalog::typeName)
        .collect(Collectors.toUnmodifiableSet());
  }

  /** The aggregate type that emits events of this class. */
  public static String aggregateTypeOf(Class<?> eventClass) {
    if (AppEvent.class.isAssignableFrom(eventClass)) {
      return APP;
    }
    if (ResourceEvent.class.isAssignableFrom(eventClass)) {
      return RESOURCE_CHANGE;
    }
    throw new IllegalArgumentException("not a Driftless event: " + eventClass.getName());
  }
}
