/**
 * Planning a change, as kapp's {@code pkg/kapp/diff}: the app's event-sourced state ({@link
 * io.driftless.command.plan.AggregateStates}, read in a rolled-back unit of work), the live objects
 * (reads through {@code ClusterGateway}), the stored desired set of a reconcile ({@link
 * io.driftless.command.plan.StoredDesired}), the desired set as of a change for a rollback ({@link
 * io.driftless.command.plan.DesiredAsOf}, read from the event store) and Driftless's own kapp rules
 * ({@link io.driftless.command.plan.PlanRules}) go into the diff engine; out comes a {@link
 * io.driftless.command.plan.Planner.Plan}. {@code Planner.plan} takes the values it needs, never
 * the HTTP face's options.
 *
 * <p>May use the aggregates' states, the cluster gateway's reads, ownership, secrets and the diff
 * engine. Must not send a command, write to the cluster, or know the HTTP face ({@code deploy}),
 * the change ({@code change}) or its apply ({@code apply}); checked by {@code
 * CommandArchitectureTest}.
 */
package io.driftless.command.plan;
