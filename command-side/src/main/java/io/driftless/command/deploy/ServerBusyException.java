package io.driftless.command.deploy;

import java.util.List;

/** Every change slot of the server is taken (503, see {@link ChangeSlots}). */
final class ServerBusyException extends RuntimeException {

  private final int slots;

  ServerBusyException(int slots) {
    super(
        "The server runs "
            + slots
            + " changes already, its limit (driftless.deploy.max-concurrent-changes); try again"
            + " in a moment.");
    this.slots = slots;
  }

  List<String> details() {
    return List.of("concurrent changes: " + slots + ", limit: " + slots);
  }
}
