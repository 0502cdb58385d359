package io.driftless.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.HttpURLConnection;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.StringJoiner;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The API of docs/API.md over HTTP. Commands go to the command server, queries to the query server
 * (the same one unless {@code --query-server} says otherwise). No read timeout for commands: a
 * deploy answers when the server has applied and waited, which the server bounds ({@code
 * waitTimeout}), not the client. A command that loses its connection after it was sent is sent once
 * more with the same {@code Idempotency-Key}: the server answers the first attempt's outcome
 * instead of applying twice.
 *
 * <p>{@link HttpURLConnection} rather than java.net.http: on Java 17 the latter's selector thread
 * sits in native code, and the JVM waits 300 ms for such threads at exit; with its classes a {@code
 * driftless ls} took 0.8 s instead of 0.35 s on the development machine (README, "Figures"). Bodies
 * are sent in fixed-length mode, which also keeps the JDK from resending a POST by itself. Every
 * request says {@code User-Agent: driftless-cli/<version>}: the server records it as the change's
 * {@code client}.
 */
final class DriftlessApi {

  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
  private static final Duration QUERY_TIMEOUT = Duration.ofSeconds(30);
  private static final String JSON = "application/json";
  static final String YAML = "application/yaml";
  static final String NDJSON = "application/x-ndjson";

  private final Endpoints endpoints;

  DriftlessApi(Endpoints endpoints) {
    this.endpoints = endpoints;
  }

  /** A query to the query side. */
  ApiResponse get(String path, String query) {
    var uri = endpoints.query().resolve(path, query);
    return send(Exchange.of("GET", uri, null, JSON), endpoints.query());
  }

  /**
   * A query to the query side with values a user typed ({@link Query}), answered as {@code accept}.
   */
  ApiResponse get(String path, Query query, String accept) {
    var uri = withQuery(endpoints.query().resolve(path, null), query);
    return send(Exchange.of("GET", uri, null, accept), endpoints.query());
  }

  /** A POST without body to the query side (a projection rebuild). */
  ApiResponse postToQuerySide(String path) {
    var uri = endpoints.query().resolve(path, null);
    return send(Exchange.of("POST", uri, new byte[0], JSON), endpoints.query());
  }

  /** {@code method} with an optional JSON body to the query side (webhook subscriptions). */
  ApiResponse sendToQuerySide(String method, String path, String jsonBody) {
    var uri = endpoints.query().resolve(path, null);
    var body = jsonBody == null ? new byte[0] : jsonBody.getBytes(StandardCharsets.UTF_8);
    if (method.equals("DELETE") || method.equals("GET")) {
      body = null;
    }
    var exchange = new Exchange(method, uri, body, JSON, null, JSON, Map.of());
    return send(exchange, endpoints.query());
  }

  /**
   * A lock or an unlock: {@code method} with an optional JSON body to the command side, with the
   * provenance headers; one plain JSON answer, no idempotency key, never retried.
   */
  ApiResponse lockChange(String method, String path, String jsonBody, ChangeProvenance provenance) {
    var uri = withQuery(endpoints.command().resolve(path, null), provenance.query());
    var body = jsonBody == null ? null : jsonBody.getBytes(StandardCharsets.UTF_8);
    if (body == null && !method.equals("DELETE")) {
      body = new byte[0];
    }
    var exchange = new Exchange(method, uri, body, JSON, null, JSON, provenance.headers());
    return send(exchange, endpoints.command());
  }

  private static URI withQuery(URI uri, Query query) {
    if (query.isEmpty()) {
      return uri;
    }
    return URI.create(uri + (uri.getRawQuery() == null ? "?" : "&") + query.encoded());
  }

  /**
   * A POST without body to the command side that is not a change of its own (an admin's abort of a
   * stuck change): one plain JSON answer, no idempotency key, never retried.
   */
  ApiResponse postToCommandSide(String path, Map<String, String> parameters) {
    var uri = endpoints.command().resolve(path, null);
    if (!parameters.isEmpty()) {
      // Encoded here: the URI constructor quotes '%' and leaves '&', '=' and '+' as they are.
      var query = new StringJoiner("&");
      parameters.forEach((name, value) -> query.add(name + "=" + encoded(value)));
      uri = URI.create(uri + "?" + query);
    }
    return send(Exchange.of("POST", uri, new byte[0], JSON), endpoints.command());
  }

  private static String encoded(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }

  /**
   * A command to the command side, streamed when the server streams: {@code listener} sees the plan
   * and progress lines; the answer's body is the result (the whole JSON answer otherwise).
   */
  ApiResponse command(CommandRequest command, StreamListener listener) {
    var uri = endpoints.command().resolve(command.path(), command.query());
    uri = withQuery(withQuery(uri, command.encodedQuery()), command.provenance().query());
    var body = command.yaml() == null ? null : command.yaml().getBytes(StandardCharsets.UTF_8);
    if (body == null && !command.method().equals("DELETE")) {
      body = new byte[0];
    }
    var exchange =
        new Exchange(
            command.method(),
            uri,
            body,
            YAML,
            command.key(),
            NDJSON + ", " + JSON + ";q=0.9",
            command.provenance().headers());
    try {
      return attempt(exchange, endpoints.command(), listener);
    } catch (IOException firstFailure) {
      try {
        return attempt(exchange, endpoints.command(), listener);
      } catch (IOException e) {
        throw failed(exchange, e);
      }
    }
  }

  /**
   * One request: method, URL, body (null: none) and its content type, idempotency key (null: none),
   * Accept, and further headers.
   */
  private record Exchange(
      String method,
      URI uri,
      byte[] body,
      String contentType,
      String key,
      String accept,
      Map<String, String> headers) {

    static Exchange of(String method, URI uri, byte[] body, String accept) {
      return new Exchange(method, uri, body, YAML, null, accept, Map.of());
    }
  }

  private ApiResponse send(Exchange exchange, ServerAddress server) {
    try {
      return attempt(exchange, server, StreamListener.IGNORE);
    } catch (IOException e) {
      throw failed(exchange, e);
    }
  }

  /** Throws a {@link CliFailure} when the server cannot be reached (nothing was sent). */
  private ApiResponse attempt(Exchange exchange, ServerAddress server, StreamListener listener)
      throws IOException {
    var connection = open(exchange);
    try {
      connection.connect();
    } catch (ConnectException | UnknownHostException | SocketTimeoutException e) {
      throw unreachable(server, e);
    }
    if (exchange.body() != null) {
      try (var out = connection.getOutputStream()) {
        out.write(exchange.body());
      }
    }
    var status = connection.getResponseCode();
    var headers = headers(connection);
    var in = status >= 400 ? connection.getErrorStream() : connection.getInputStream();
    return read(status, headers, in, listener);
  }

  private static ApiResponse read(
      int status, Map<String, List<String>> headers, InputStream in, StreamListener listener)
      throws IOException {
    if (in == null) {
      return new ApiResponse(status, headers, "");
    }
    try (var reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      var contentType = headers.getOrDefault("content-type", List.of("")).get(0);
      if (contentType.startsWith(NDJSON)) {
        return StreamReader.read(status, headers, reader.lines(), listener);
      }
      return new ApiResponse(status, headers, reader.lines().collect(Collectors.joining("\n")));
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  private HttpURLConnection open(Exchange exchange) throws IOException {
    var connection = (HttpURLConnection) exchange.uri().toURL().openConnection();
    connection.setRequestMethod(exchange.method());
    connection.setConnectTimeout((int) CONNECT_TIMEOUT.toMillis());
    connection.setReadTimeout(exchange.key() == null ? (int) QUERY_TIMEOUT.toMillis() : 0);
    connection.setInstanceFollowRedirects(false);
    connection.setRequestProperty("Accept", exchange.accept());
    connection.setRequestProperty("User-Agent", ManifestVersion.userAgent());
    exchange.headers().forEach(connection::setRequestProperty);
    if (exchange.key() != null) {
      connection.setRequestProperty("Idempotency-Key", exchange.key());
    }
    if (endpoints.hasToken()) {
      connection.setRequestProperty("Authorization", "Bearer " + endpoints.token().strip());
    }
    if (exchange.body() != null) {
      connection.setDoOutput(true);
      connection.setFixedLengthStreamingMode(exchange.body().length);
      if (exchange.body().length > 0) {
        connection.setRequestProperty("Content-Type", exchange.contentType());
      }
    }
    return connection;
  }

  private static Map<String, List<String>> headers(HttpURLConnection connection) {
    var headers = new TreeMap<String, List<String>>();
    connection
        .getHeaderFields()
        .forEach(
            (name, values) -> {
              if (name != null) {
                headers.put(name.toLowerCase(java.util.Locale.ROOT), values);
              }
            });
    return headers;
  }

  private static CliFailure failed(Exchange exchange, IOException e) {
    var reason = Objects.requireNonNullElse(innermost(e).getMessage(), innermost(e).toString());
    return new CliFailure(exchange.method() + " " + exchange.uri() + " failed: " + reason);
  }

  private static CliFailure unreachable(ServerAddress server, IOException e) {
    String reason;
    if (e instanceof UnknownHostException) {
      reason = "unknown host";
    } else if (e instanceof SocketTimeoutException) {
      reason = "no answer within " + CONNECT_TIMEOUT.toSeconds() + "s";
    } else {
      var message = Objects.requireNonNullElse(e.getMessage(), "connection refused");
      reason =
          message.toLowerCase(java.util.Locale.ROOT).startsWith("connection refused")
              ? "connection refused"
              : message;
    }
    return new CliFailure(
        "cannot connect to the Driftless server at " + server + " (" + reason + ")");
  }

  private static Throwable innermost(Throwable e) {
    var innermost = e;
    while (innermost.getCause() != null) {
      innermost = innermost.getCause();
    }
    return innermost;
  }
}
