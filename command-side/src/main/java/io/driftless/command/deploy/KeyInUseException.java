package io.driftless.command.deploy;

/**
 * Another request with the same {@code Idempotency-Key} recorded the key between this request's
 * look-up and its start; this request started nothing. {@link SafeRetries} answers it as a retry.
 */
final class KeyInUseException extends RuntimeException {

  KeyInUseException(String appId, Throwable cause) {
    super(
        "another request with this Idempotency-Key is starting a change of app "
            + appId
            + "; try again",
        cause);
  }
}
