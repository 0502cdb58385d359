package io.driftless.command.deploy;

import java.util.List;
import java.util.Locale;

/** The request body is over the configured limit (413). */
final class BodyTooLargeException extends RuntimeException {

  private final long limit;

  BodyTooLargeException(long limit) {
    super(
        String.format(
            Locale.ROOT,
            "The body is larger than the limit of %,d bytes; split the app or raise"
                + " driftless.deploy.max-body-bytes.",
            limit));
    this.limit = limit;
  }

  List<String> details() {
    return List.of(String.format(Locale.ROOT, "limit: %,d bytes", limit));
  }
}
