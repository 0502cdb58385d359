/**
 * Rebuilds a view from the event store while the live view serves: the view's tables are built
 * beside the live ones (a shadow schema or database) by reading the store in global order in large
 * batches and folding them with the view's own set-based {@link
 * io.driftless.query.projection.Projection.Batch}, then caught up with the live stream and swapped
 * in. It reads the store read-only ({@code eventstore}), never touches another view, and knows
 * nothing of RabbitMQ nor of the live stream's {@code delivery}.
 *
 * <p>One room per job: {@link io.driftless.query.rebuild.RebuildService} claims and starts rebuilds
 * and recovers a swap that died; {@link io.driftless.query.rebuild.Rebuild} runs one through its
 * phases (shadow, bulk, catch-up, swap); {@code ShadowTables} and {@code ShadowFold} are the shadow
 * and the fold into it; {@code ReadAhead} and {@code WriteBehind} the bulk phase's reader and
 * writer threads; {@code Pacing} its speed (throttle, yielding to a busy store: {@code
 * StoreActivity}); {@code Progress} the rebuild's record and log; {@code Swap} the swap and the
 * finishing of a swap that died half-way; {@code LowPriority} the threads' CPU priority. The
 * helpers know nothing of the shadow, the swap or the gate, and only the run drives them.
 */
package io.driftless.query.rebuild;
