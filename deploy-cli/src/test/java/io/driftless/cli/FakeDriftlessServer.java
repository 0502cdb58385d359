package io.driftless.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Stands in for the Driftless API: records every request, answers each with one canned reply. */
final class FakeDriftlessServer implements AutoCloseable {

  private final HttpServer server;
  private final List<RecordedRequest> requests = new CopyOnWriteArrayList<>();
  private volatile int status = 200;
  private volatile String answer = "{}";

  private FakeDriftlessServer(HttpServer server) {
    this.server = server;
  }

  static FakeDriftlessServer start() throws IOException {
    var fake = new FakeDriftlessServer(HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0));
    fake.server.createContext("/", fake::handle);
    fake.server.start();
    return fake;
  }

  /** Answers from now on with {@code status} and the test resource {@code resource}. */
  FakeDriftlessServer answers(int status, String resource) {
    this.status = status;
    this.answer = resource(resource);
    return this;
  }

  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  List<RecordedRequest> requests() {
    return List.copyOf(requests);
  }

  @Override
  public void close() {
    server.stop(0);
  }

  static String resource(String name) {
    try (InputStream in = FakeDriftlessServer.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalArgumentException("no test resource " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void handle(HttpExchange exchange) throws IOException {
    var uri = exchange.getRequestURI();
    var body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    var contentType = exchange.getRequestHeaders().getFirst("Content-Type");
    requests.add(
        new RecordedRequest(
            exchange.getRequestMethod(), uri.getPath(), uri.getQuery(), contentType, body));
    var bytes = answer.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "application/json");
    exchange.sendResponseHeaders(status, bytes.length);
    try (var out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }
}
