/**
 * The API server's defaulting of built-in kinds (Kubernetes 1.30), one class per area, each default
 * naming the upstream function it follows. Pure functions on JSON trees: no store, no HTTP.
 */
package io.driftless.sandbox.defaults;
