package io.driftless.security;

/**
 * The API's security settings stop the start: no tokens where they are required, or a token setting
 * that is not valid. The message says what to set and never holds a token.
 */
final class SecuritySettingsException extends IllegalStateException {

  SecuritySettingsException(String message) {
    super(message);
  }
}
