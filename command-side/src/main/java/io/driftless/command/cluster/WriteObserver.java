package io.driftless.command.cluster;

import io.driftless.diff.resources.ResourceKey;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;

/**
 * Hears of the gateway's own writes, so that the watches take them for what they are: not drift.
 * Every {@link #writing} is followed by exactly one {@link #wrote} or {@link #failed}.
 */
interface WriteObserver {

  /** Nothing is observed. */
  WriteObserver NONE =
      new WriteObserver() {
        @Override
        public void writing(ResourceKey key, String apiVersion) {}

        @Override
        public void wrote(ResourceKey key, String apiVersion, GenericKubernetesResource stored) {}

        @Override
        public void failed(ResourceKey key, String apiVersion) {}
      };

  /** A write of the object is about to be sent. */
  void writing(ResourceKey key, String apiVersion);

  /** The write succeeded; {@code stored} is the object as the server stored it, null if deleted. */
  void wrote(ResourceKey key, String apiVersion, GenericKubernetesResource stored);

  /** The write failed or its answer was not the object. */
  void failed(ResourceKey key, String apiVersion);
}
