package io.driftless.events;

/** An event of the App aggregate, whose id is {@code namespace/app}. */
public sealed interface AppEvent extends DriftlessEvent
    permits AppChangeStarted, AppChangeFinished, AppDeleted, AppLocked, AppUnlocked {

  /** The App aggregate id, {@code namespace/app}. */
  String appId();

  @Override
  default String aggregateId() {
    return appId();
  }
}
