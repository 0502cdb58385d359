/**
 * What every query endpoint shares: the error shape of API.md (shared-events' {@code
 * io.driftless.shared.ApiError}), 404s, and the {@code Driftless-View-Position} header (events
 * applied to the views) on every response; and what several views' queries read without knowing
 * each other's packages: the known apps and the drift state of each object ({@link
 * io.driftless.query.api.DriftStates}).
 */
package io.driftless.query.api;
