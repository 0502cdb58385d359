/**
 * The {@code driftless} command line: picocli commands, kapp-like table rendering and the HTTP
 * client for the API of API.md. It knows the servers only as JSON over HTTP: it must not depend on
 * the command side, the query side, Spring or Axon, so the executable jar stays small. The one
 * library of Driftless it uses is the diff engine, for the offline {@code driftless diff} (kapp's
 * {@code tools diff}), which needs no server (checked by {@code CliArchitectureTest}).
 */
package io.driftless.cli;
