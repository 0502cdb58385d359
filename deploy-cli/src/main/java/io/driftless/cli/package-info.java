/**
 * The {@code driftless} command line: picocli commands, kapp-like table rendering and the HTTP
 * client for the API of API.md. It knows the API only as JSON over HTTP: it must not depend on the
 * diff engine, the command side or the query side, so the executable jar stays small.
 */
package io.driftless.cli;
