package io.driftless.command.idempotency;

import java.time.Instant;

/**
 * What the store holds for a key: the change it started and, once the change ended, its answer.
 *
 * @param changeId the change the key's first request started
 * @param requestHash what that request asked for ({@link IdempotencyKey#requestHash()})
 * @param createdAt when the change started
 * @param answer the change's answer, null while it runs or when the command side stopped before
 *     writing it
 */
public record KeyRecord(String changeId, String requestHash, Instant createdAt, Answer answer) {

  /**
   * A stored answer.
   *
   * @param status the HTTP status
   * @param json the body, UTF-8 JSON
   */
  public record Answer(int status, byte[] json) {}
}
