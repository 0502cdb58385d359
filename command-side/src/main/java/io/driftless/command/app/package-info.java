/**
 * The App aggregate: one per {@code namespace/app}. It decides whether a change may start (one at a
 * time), numbers changes, and remembers the app's resource set. It never does I/O; the deploy
 * service reads it and sends it commands.
 */
package io.driftless.command.app;
