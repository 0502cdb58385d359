package io.driftless.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

/**
 * Stands in for the Driftless API: records every request, answers each with a canned reply, one for
 * all paths unless a route ({@code METHOD path}) has its own.
 */
final class FakeDriftlessServer implements AutoCloseable {

  /** One canned reply. {@code headers} are added to the response. */
  record Reply(int status, String contentType, String body, Map<String, String> headers) {

    static Reply json(int status, String body) {
      return new Reply(status, "application/json", body, Map.of());
    }

    Reply withHeader(String name, String value) {
      var all = new java.util.HashMap<>(headers);
      all.put(name, value);
      return new Reply(status, contentType, body, Map.copyOf(all));
    }
  }

  /** A reply status that drops the connection instead of answering. */
  static final int DROP = -1;

  private final HttpServer server;
  private final List<RecordedRequest> requests = new CopyOnWriteArrayList<>();
  private final Map<String, Supplier<Reply>> routes = new ConcurrentHashMap<>();
  private volatile Reply answer = Reply.json(200, "{}");

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
    this.answer = Reply.json(status, resource(resource));
    return this;
  }

  /** Answers {@code METHOD path} (query ignored) with {@code reply}. */
  FakeDriftlessServer route(String methodAndPath, Supplier<Reply> reply) {
    routes.put(methodAndPath, reply);
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

  private static Map<String, String> firstValues(com.sun.net.httpserver.Headers headers) {
    var first = new java.util.TreeMap<String, String>();
    headers.forEach(
        (name, values) -> first.put(name.toLowerCase(java.util.Locale.ROOT), values.get(0)));
    return first;
  }

  private void handle(HttpExchange exchange) throws IOException {
    var uri = exchange.getRequestURI();
    var body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    var headers = exchange.getRequestHeaders();
    requests.add(
        new RecordedRequest(
            exchange.getRequestMethod(),
            uri.getPath(),
            uri.getQuery(),
            headers.getFirst("Content-Type"),
            body,
            headers.getFirst("Idempotency-Key"),
            headers.getFirst("Authorization"),
            firstValues(headers),
            uri.getRawQuery()));
    var route = routes.get(exchange.getRequestMethod() + " " + uri.getPath());
    var reply = route == null ? answer : route.get();
    if (reply.status() == DROP) {
      // Closes the connection without an answer, as a server that dies mid-request.
      exchange.close();
      return;
    }
    var bytes = reply.body().getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", reply.contentType());
    reply.headers().forEach((name, value) -> exchange.getResponseHeaders().set(name, value));
    exchange.sendResponseHeaders(reply.status(), bytes.length);
    try (var out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }
}
