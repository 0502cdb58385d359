package io.driftless.command.deploy;

import java.time.Duration;
import java.util.List;

/** The client did not send its whole body within {@code driftless.deploy.request-timeout} (408). */
final class RequestTimeoutException extends RuntimeException {

  private final Duration timeout;

  RequestTimeoutException(Duration timeout) {
    super(
        "The body did not arrive within "
            + describe(timeout)
            + "; send it at once (driftless.deploy.request-timeout).");
    this.timeout = timeout;
  }

  List<String> details() {
    return List.of("request timeout: " + describe(timeout));
  }

  private static String describe(Duration timeout) {
    return timeout.toMillis() % 1000 == 0 ? timeout.toSeconds() + " s" : timeout.toMillis() + " ms";
  }
}
