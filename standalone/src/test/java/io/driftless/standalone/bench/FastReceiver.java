package io.driftless.standalone.bench;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A webhook receiver on loopback that answers 200 at once (the JDK's HTTP server, four handler
 * threads). For each request it notes the arrival time and the CloudEvent's {@code time} (the
 * stored event's timestamp: for {@code change.*} the event's own, for the CDEvent the finish time,
 * which the feed stamps with the same instant) and id; it checks the {@code Driftless-Signature} of
 * the first request and of every 500th after.
 */
final class FastReceiver implements AutoCloseable {

  /** One delivery as it arrived: the stored time, the arrival, the CloudEvent id. */
  record Arrival(Instant stored, Instant received, String id) {
    long latencyMicros() {
      return ChronoUnit.MICROS.between(stored, received);
    }
  }

  private static final int CHECK_EVERY = 500;

  private final String secret;
  private final HttpServer server;
  private final ExecutorService threads = Executors.newFixedThreadPool(4);
  private final List<Arrival> arrivals = new ArrayList<>();
  private final Set<String> ids = ConcurrentHashMap.newKeySet();
  private final AtomicLong requests = new AtomicLong();
  private final AtomicLong checked = new AtomicLong();
  private final AtomicLong badSignatures = new AtomicLong();

  FastReceiver(String secret) throws IOException {
    this.secret = secret;
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 200);
    server.setExecutor(threads);
    server.createContext("/hook", this::handle);
    server.start();
  }

  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/hook";
  }

  private void handle(HttpExchange exchange) throws IOException {
    var received = Instant.now();
    var body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    exchange.sendResponseHeaders(200, -1);
    exchange.close();
    if (requests.getAndIncrement() % CHECK_EVERY == 0) {
      checked.incrementAndGet();
      var header = exchange.getRequestHeaders().getFirst("Driftless-Signature");
      if (!signed(header, body)) {
        badSignatures.incrementAndGet();
      }
    }
    var arrival = new Arrival(Instant.parse(field(body, "time")), received, field(body, "id"));
    ids.add(arrival.id());
    synchronized (arrivals) {
      arrivals.add(arrival);
    }
  }

  /**
   * A top-level string field of the CloudEvent: the body starts with {@code specversion}, {@code
   * id}, then source, type and {@code time}, all before {@code data}, so the first match is it.
   */
  private static String field(String body, String name) {
    var key = "\"" + name + "\":\"";
    var start = body.indexOf(key) + key.length();
    return body.substring(start, body.indexOf('"', start));
  }

  private boolean signed(String header, String body) {
    if (header == null || !header.startsWith("t=") || !header.contains(",v1=")) {
      return false;
    }
    var t = header.substring(2, header.indexOf(','));
    try {
      var mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
      var expected =
          HexFormat.of().formatHex(mac.doFinal((t + "." + body).getBytes(StandardCharsets.UTF_8)));
      return header.substring(header.indexOf(",v1=") + 4).equals(expected);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Requests so far (retries and duplicates included). */
  long requests() {
    return requests.get();
  }

  /** Distinct CloudEvent ids so far. */
  int distinct() {
    return ids.size();
  }

  long checked() {
    return checked.get();
  }

  long badSignatures() {
    return badSignatures.get();
  }

  /** The arrivals so far, in the order recorded. */
  List<Arrival> arrivals() {
    synchronized (arrivals) {
      return List.copyOf(arrivals);
    }
  }

  @Override
  public void close() {
    server.stop(0);
    threads.shutdownNow();
  }
}
