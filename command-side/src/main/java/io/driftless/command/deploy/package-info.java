/**
 * The deploy use case: parse the manifest, read the app's event-sourced state and the live objects,
 * plan with the diff engine, then start the change, apply it through the cluster gateway in order
 * and record every step on the aggregates. Also the HTTP API of API.md for it.
 */
package io.driftless.command.deploy;
