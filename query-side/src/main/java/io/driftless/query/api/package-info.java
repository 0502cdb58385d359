/**
 * What every query endpoint shares: the error shape of API.md, 404s, and the {@code
 * Driftless-View-Position} header (events applied to the views) on every response.
 */
package io.driftless.query.api;
