package io.driftless.sandbox;

import io.fabric8.mockwebserver.http.Dispatcher;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import io.fabric8.mockwebserver.vertx.HttpServerRequestHandler;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.KeyCertOptions;
import java.net.InetAddress;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The sandbox's HTTPS port: a Vert.x server, HTTP/1.1 only, serving the certificate and key it is
 * given and answering every request with the dispatcher (through fabric8's request handler, which
 * turns Vert.x requests into {@link RecordedRequest}s and streams the answers, watches included).
 *
 * <p>It stands where fabric8's {@code MockWebServer} stood, which made a new RSA 2048 key for every
 * start whatever certificate was served afterwards (0.3-2.4 s of CPU under the client compiler the
 * tests run with, about 250 starts in a verify) and kept every request it answered in a queue no
 * one took from (a sandbox running for days grew without end). Here the certificate is {@link
 * TlsIdentity}'s and no request is kept.
 */
final class HttpsListener implements AutoCloseable {

  /**
   * The WebSocket subprotocols of kubectl's exec and attach streams, as an API server lists them.
   */
  private static final List<String> WEBSOCKET_SUBPROTOCOLS =
      List.of("v1.channel.k8s.io", "v2.channel.k8s.io", "v3.channel.k8s.io", "v4.channel.k8s.io");

  private static final long START_STOP_SECONDS = 10;

  private final Vertx vertx;
  private final HttpServer server;

  private HttpsListener(Vertx vertx, HttpServer server) {
    this.vertx = vertx;
    this.server = server;
  }

  /**
   * Listens on {@code address:port} (0: a free port) with the PEM {@code identity}; fails with an
   * {@link IllegalStateException} when it cannot (the port is taken), its caller naming the port.
   */
  static HttpsListener start(
      InetAddress address, int port, TlsIdentity.Pem identity, Dispatcher dispatcher) {
    var options =
        new HttpServerOptions()
            .setHost(address.getHostAddress())
            .setPort(port)
            .setSsl(true)
            // HTTP/1.1 only (no ALPN): an HTTP/2 request reaches the dispatcher without a Host
            // header, which RequestGate checks.
            .setUseAlpn(false)
            .setKeyCertOptions(KeyCertOptions.wrap(TlsIdentity.keyManager(identity)))
            .setWebSocketSubProtocols(WEBSOCKET_SUBPROTOCOLS)
            .setHandle100ContinueAutomatically(true);
    var vertx = Vertx.vertx();
    var server = vertx.createHttpServer(options);
    server.requestHandler(
        new HttpServerRequestHandler(vertx) {
          @Override
          protected MockResponse onHttpRequest(RecordedRequest request) {
            return dispatcher.dispatch(request);
          }
        });
    try {
      await(server.listen());
    } catch (RuntimeException e) {
      closeQuietly(vertx);
      throw e;
    }
    return new HttpsListener(vertx, server);
  }

  /** The port it listens on (the one chosen when started with 0). */
  int port() {
    return server.actualPort();
  }

  @Override
  public void close() {
    try {
      await(server.close());
    } finally {
      closeQuietly(vertx);
    }
  }

  private static void closeQuietly(Vertx vertx) {
    try {
      await(vertx.close());
    } catch (RuntimeException e) {
      // stopping: the event loops end with the process at the latest
    }
  }

  private static <T> T await(Future<T> future) {
    try {
      return future
          .toCompletionStage()
          .toCompletableFuture()
          .get(START_STOP_SECONDS, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException(e.getCause() == null ? e : e.getCause());
    }
  }
}
