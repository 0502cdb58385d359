package io.driftless.command.secrets;

/**
 * A sealed object that does not open: its key is not configured (any more), or it was changed, or
 * it belongs to another resource. Says which, never anything of the content.
 */
public class SecretVaultException extends RuntimeException {

  SecretVaultException(String message, Throwable cause) {
    super(message, cause);
  }

  SecretVaultException(String message) {
    super(message);
  }
}
