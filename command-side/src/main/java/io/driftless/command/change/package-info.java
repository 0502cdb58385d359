/**
 * A change's life around its apply: its start on the App, with an {@code Idempotency-Key} recorded
 * atomically ({@link io.driftless.command.change.ChangeStarts}); the claim of the replica that runs
 * it, renewed while it runs ({@code ChangeClaims}); closing the changes a crashed replica left open
 * ({@link io.driftless.command.change.OpenChangeRecovery}, {@code driftless.recovery.*}); the event
 * store's position an answer reports ({@link io.driftless.command.change.EventPositions}).
 *
 * <p>May use the aggregates, idempotency, the plan's state reads and the apply's failure wording.
 * Must not know a web type or the HTTP face ({@code deploy}): what a refusal answers over HTTP is
 * the face's ({@code SafeRetries}, {@code ApiErrors}); checked by {@code CommandArchitectureTest}.
 */
package io.driftless.command.change;
