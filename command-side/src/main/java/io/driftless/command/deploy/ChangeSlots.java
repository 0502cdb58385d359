package io.driftless.command.deploy;

import java.util.concurrent.Semaphore;
import org.springframework.stereotype.Component;

/**
 * At most {@code driftless.deploy.max-concurrent-changes} deploys and deletes run at once on this
 * server; one more is refused at once (503 {@code server_busy}, {@code Retry-After: 1}) instead of
 * queueing behind the others while its client waits without knowing why. A change holds its slot
 * from planning to its last cluster write.
 */
@Component
class ChangeSlots {

  private final Semaphore slots;
  private final int size;

  ChangeSlots(DeployLimits limits) {
    this.size = limits.maxConcurrentChanges();
    this.slots = new Semaphore(size);
  }

  /** A slot, to be closed when the change ends. */
  Slot take() {
    if (!slots.tryAcquire()) {
      throw new ServerBusyException(size);
    }
    return slots::release;
  }

  /** A taken slot; closing it frees it. */
  interface Slot extends AutoCloseable {
    @Override
    void close();
  }
}
