package io.driftless.events;

import java.util.Objects;

/**
 * An object stored encrypted, so it can be restored later without ever being kept in clear: the
 * desired content of a Secret that a reconcile must be able to write again after someone changed or
 * deleted it. AES-256-GCM; the associated data binds the ciphertext to its ResourceChange, so it
 * cannot be moved to another resource. Only the command side holds the keys; the query side never
 * reads it, and no view or API answer shows it.
 *
 * @param keyId the id of the server key it was encrypted with (any configured key decrypts by id;
 *     see {@code driftless.secrets.*})
 * @param nonce the 12-byte GCM nonce, base64
 * @param ciphertext the encrypted UTF-8 JSON of the object with the 16-byte GCM tag, base64
 */
public record SealedObject(String keyId, String nonce, String ciphertext) {

  /** Checks that every part is there. */
  public SealedObject {
    Objects.requireNonNull(keyId, "keyId");
    Objects.requireNonNull(nonce, "nonce");
    Objects.requireNonNull(ciphertext, "ciphertext");
  }
}
