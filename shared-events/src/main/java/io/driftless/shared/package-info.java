/**
 * Small helpers both sides (and the standalone server) share that are not part of the event
 * contract: daemon threads with names, and the API's error shape ({@link ApiError}), which
 * web-security and the CLI use too. Like {@code io.driftless.events}, it knows nothing of Axon,
 * Spring, RabbitMQ's client or Kubernetes.
 */
package io.driftless.shared;
