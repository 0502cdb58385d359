package io.driftless.command.change;

/**
 * Another request with the same {@code Idempotency-Key} recorded the key between this request's
 * look-up and its start; this request started nothing. The HTTP face ({@code deploy.SafeRetries})
 * answers it as a retry.
 */
public final class KeyInUseException extends RuntimeException {

  KeyInUseException(String appId, Throwable cause) {
    super(
        "another request with this Idempotency-Key is starting a change of app "
            + appId
            + "; try again",
        cause);
  }
}
