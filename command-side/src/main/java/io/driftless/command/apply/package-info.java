/**
 * Applying a started change to the cluster, as kapp's {@code pkg/kapp/clusterapply}: {@link
 * io.driftless.command.apply.ChangeApplier} runs a plan's waves in order ({@code WaveRunner}), each
 * change as its {@code ClusterOp} ({@code CreateOp}, {@code UpdateOp}, {@code DeleteOp}, {@code
 * ExistsOp}: the write with its kapp strategy, {@code ClusterWrites}), waits for it ({@code wait})
 * and records it on the aggregates ({@code ChangeRecords}: RecordResourceApplied and its kin).
 *
 * <p>May use the plan, the cluster gateway, ownership, secrets and the resource aggregate's
 * commands. Must not know a web type (Spring MVC, servlet), the HTTP face ({@code deploy}) or the
 * change around it ({@code change}): it is handed a plan, a change id and a {@link
 * io.driftless.command.apply.wait.Progress} to report to; checked by {@code
 * CommandArchitectureTest}.
 */
package io.driftless.command.apply;
