package io.driftless.cli;

import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.channels.UnresolvedAddressException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The API of docs/API.md over java.net.http. Commands go to the command server, queries to the
 * query server (the same one unless {@code --query-server} says otherwise). No request timeout for
 * commands: a deploy answers when the server has applied and waited, which the server bounds
 * ({@code waitTimeout}), not the client. A command that loses its connection after it was sent is
 * sent once more with the same {@code Idempotency-Key}: the server answers the first attempt's
 * outcome instead of applying twice.
 */
final class DriftlessApi {

  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
  private static final Duration QUERY_TIMEOUT = Duration.ofSeconds(30);
  private static final String JSON = "application/json";
  static final String NDJSON = "application/x-ndjson";

  private final Endpoints endpoints;
  private final HttpClient http;

  DriftlessApi(Endpoints endpoints) {
    this.endpoints = endpoints;
    this.http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(CONNECT_TIMEOUT)
            .build();
  }

  /** A query to the query side. */
  ApiResponse get(String path, String query) {
    var uri = endpoints.query().resolve(path, query);
    var request = builder(uri).timeout(QUERY_TIMEOUT).GET().build();
    return send(request, endpoints.query());
  }

  /** A POST without body to the query side (a projection rebuild). */
  ApiResponse postToQuerySide(String path) {
    var uri = endpoints.query().resolve(path, null);
    var request = builder(uri).timeout(QUERY_TIMEOUT).POST(BodyPublishers.noBody()).build();
    return send(request, endpoints.query());
  }

  /**
   * A command to the command side, streamed when the server streams: {@code listener} sees the plan
   * and progress lines; the answer's body is the result (the whole JSON answer otherwise).
   */
  ApiResponse command(CommandRequest command, StreamListener listener) {
    var request = commandRequest(command);
    try {
      return attempt(request, listener);
    } catch (ConnectException | HttpConnectTimeoutException e) {
      throw unreachable(endpoints.command(), e);
    } catch (IOException firstFailure) {
      try {
        return attempt(request, listener);
      } catch (IOException e) {
        throw failed(request, e);
      }
    }
  }

  private ApiResponse attempt(HttpRequest request, StreamListener listener) throws IOException {
    try {
      var response = http.send(request, BodyHandlers.ofLines());
      var headers = headers(response);
      var contentType = headers.getOrDefault("content-type", List.of("")).get(0);
      if (contentType.startsWith(NDJSON)) {
        return StreamReader.read(response.statusCode(), headers, response.body(), listener);
      }
      var body = response.body().collect(Collectors.joining("\n"));
      return new ApiResponse(response.statusCode(), headers, body);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CliFailure("interrupted while waiting for " + request.uri());
    } catch (java.io.UncheckedIOException e) {
      throw e.getCause();
    }
  }

  private HttpRequest commandRequest(CommandRequest command) {
    var uri = endpoints.command().resolve(command.path(), command.query());
    var builder =
        builder(uri)
            .header("Accept", NDJSON + ", " + JSON + ";q=0.9")
            .header("Idempotency-Key", command.key());
    if (command.yaml() == null) {
      return builder.method(command.method(), BodyPublishers.noBody()).build();
    }
    return builder
        .header("Content-Type", "application/yaml")
        .method(command.method(), BodyPublishers.ofString(command.yaml(), StandardCharsets.UTF_8))
        .build();
  }

  private HttpRequest.Builder builder(java.net.URI uri) {
    var builder = HttpRequest.newBuilder(uri).header("Accept", JSON);
    if (endpoints.hasToken()) {
      builder.header("Authorization", "Bearer " + endpoints.token().strip());
    }
    return builder;
  }

  private ApiResponse send(HttpRequest request, ServerAddress server) {
    try {
      var response = http.send(request, BodyHandlers.ofString(StandardCharsets.UTF_8));
      return new ApiResponse(response.statusCode(), headers(response), response.body());
    } catch (ConnectException | HttpConnectTimeoutException e) {
      throw unreachable(server, e);
    } catch (IOException e) {
      throw failed(request, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CliFailure("interrupted while waiting for " + request.uri());
    }
  }

  private static Map<String, List<String>> headers(HttpResponse<?> response) {
    var headers = new TreeMap<String, List<String>>();
    response.headers().map().forEach((name, values) -> headers.put(name.toLowerCase(), values));
    return headers;
  }

  private static CliFailure failed(HttpRequest request, IOException e) {
    var reason = Objects.requireNonNullElse(innermost(e).getMessage(), innermost(e).toString());
    return new CliFailure(request.method() + " " + request.uri() + " failed: " + reason);
  }

  private static CliFailure unreachable(ServerAddress server, IOException e) {
    var reason =
        e instanceof HttpConnectTimeoutException
            ? "no answer within " + CONNECT_TIMEOUT.toSeconds() + "s"
            : connectFailure(e);
    return new CliFailure(
        "cannot connect to the Driftless server at " + server + " (" + reason + ")");
  }

  /**
   * Java 17's client reports a refused connection as a bare ConnectException caused by a
   * ClosedChannelException, both without message; newer JDKs and other failures carry one.
   */
  private static String connectFailure(IOException e) {
    var innermost = innermost(e);
    if (innermost instanceof UnresolvedAddressException) {
      return "unknown host";
    }
    return innermost.getMessage() == null ? "connection refused" : innermost.getMessage();
  }

  private static Throwable innermost(Throwable e) {
    var innermost = e;
    while (innermost.getCause() != null) {
      innermost = innermost.getCause();
    }
    return innermost;
  }
}
