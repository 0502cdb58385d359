/** Wiring of the query side: the views, the version-checked applier, the delivery. */
package io.driftless.query.config;
