/**
 * Safe retries (command-side README, "Safe retries"): the durable record of each {@code
 * Idempotency-Key} that started a change ({@link
 * io.driftless.command.idempotency.IdempotencyStore}, table {@code idempotency_key}, migration
 * {@code V11__idempotency_key}) and the outcome of a change read back from the event store ({@link
 * io.driftless.command.idempotency.ChangeOutcomes}). Knows JDBC and the event store's table; knows
 * nothing of HTTP, planning or the cluster (checked by {@code CommandArchitectureTest}).
 */
package io.driftless.command.idempotency;
