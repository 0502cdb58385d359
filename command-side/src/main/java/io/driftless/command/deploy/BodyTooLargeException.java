package io.driftless.command.deploy;

/** The request body is over the configured limit (413). */
final class BodyTooLargeException extends RuntimeException {

  BodyTooLargeException(long limit) {
    super("the request body is larger than the limit of " + limit + " bytes");
  }
}
