/**
 * Bearer tokens and roles for the HTTP API (issue 14 point 1; docs/API.md, "Authentication"): one
 * home for the command side, the query side and the standalone server, wired by {@link
 * io.driftless.security.DriftlessSecurityAutoConfiguration}. It knows paths and HTTP methods, not
 * the controllers behind them, and nothing of Axon, the views or the cluster.
 */
package io.driftless.security;
