package io.driftless.standalone.subscriptions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A webhook receiver on loopback (the JDK's HTTP server): each path records what it got and answers
 * as told, a status per try or never (until {@link #close}). Public for the chaos suite's
 * subscription ({@code e2e/ChaosSubscription}).
 */
public final class Receiver implements AutoCloseable {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** One request as received: its signature and content type headers and its raw body. */
  public record Received(String signature, String contentType, String body, JsonNode event) {}

  private final HttpServer server;
  private final ExecutorService threads = Executors.newCachedThreadPool();
  private final Map<String, List<Received>> received = new ConcurrentHashMap<>();
  private final CountDownLatch closing = new CountDownLatch(1);

  public Receiver() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 50);
    server.setExecutor(threads);
    server.start();
  }

  /** A path that answers {@code statuses} in turn, then the last one for ever. */
  public String answering(String path, int... statuses) {
    var tries = new AtomicInteger();
    server.createContext(
        path,
        exchange -> {
          record(path, exchange);
          var status = statuses[Math.min(tries.getAndIncrement(), statuses.length - 1)];
          exchange.sendResponseHeaders(status, -1);
          exchange.close();
        });
    return url(path);
  }

  /** A path that takes the request and never answers. */
  String neverAnswering(String path) {
    server.createContext(
        path,
        exchange -> {
          record(path, exchange);
          try {
            closing.await(5, TimeUnit.MINUTES);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          exchange.close();
        });
    return url(path);
  }

  /** What {@code path} got, in the order it got it. */
  public List<Received> got(String path) {
    return List.copyOf(received.getOrDefault(path, List.of()));
  }

  /** The CloudEvent types a path got, in order. */
  List<String> types(String path) {
    return got(path).stream().map(r -> r.event().path("type").asText()).toList();
  }

  private void record(String path, HttpExchange exchange) throws IOException {
    var body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    received
        .computeIfAbsent(path, p -> new CopyOnWriteArrayList<>())
        .add(
            new Received(
                exchange.getRequestHeaders().getFirst("Driftless-Signature"),
                exchange.getRequestHeaders().getFirst("Content-Type"),
                body,
                JSON.readTree(body)));
  }

  private String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + path;
  }

  @Override
  public void close() {
    closing.countDown();
    server.stop(0);
    threads.shutdownNow();
  }
}
