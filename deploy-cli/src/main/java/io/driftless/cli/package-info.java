/**
 * The {@code driftless} command line: picocli commands, kapp-like table rendering and the HTTP
 * client for the API of API.md. It knows the servers only as JSON over HTTP: it must not depend on
 * the command side, the query side, the event contract, Spring or Axon, so the executable jar stays
 * small. Of Driftless it uses the diff engine, for the offline {@code driftless diff} (kapp's
 * {@code tools diff}), which needs no server, and the API's error shape {@code
 * io.driftless.shared.ApiError} (shared-events; the jar takes only that package) to read error
 * answers (checked by {@code CliArchitectureTest}). Besides HTTP it runs one program, {@code git}
 * in the working directory, for a change's automatic meta ({@code AutoMeta}), and does without it.
 */
package io.driftless.cli;
