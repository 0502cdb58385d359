/**
 * Rebuilds a view from the event store while the live view serves: the view's tables are built
 * beside the live ones (a shadow schema or database) by reading the store in global order in large
 * batches and folding them with the view's own set-based {@link
 * io.driftless.query.projection.Projection.Batch}, then caught up with the live stream and swapped
 * in. It reads the store read-only, never touches another view, and knows nothing of RabbitMQ.
 */
package io.driftless.query.rebuild;
