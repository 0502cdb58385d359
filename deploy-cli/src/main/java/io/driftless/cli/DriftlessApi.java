package io.driftless.cli;

import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.channels.UnresolvedAddressException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;

/**
 * The commands of API.md over java.net.http. No request timeout: a deploy answers when the server
 * has applied and waited, which the server bounds ({@code waitTimeout}), not the client.
 */
final class DriftlessApi {

  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
  private static final String JSON = "application/json";

  private final ServerAddress server;
  private final HttpClient http;

  DriftlessApi(ServerAddress server) {
    this.server = server;
    this.http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(CONNECT_TIMEOUT)
            .build();
  }

  ApiResponse deploy(AppRef app, String yaml, boolean dryRun) {
    var uri = server.resolve(app.path() + "/deploy", dryRun ? "dryRun=true" : null);
    var request =
        HttpRequest.newBuilder(uri)
            .header("Content-Type", "application/yaml")
            .header("Accept", JSON)
            .POST(BodyPublishers.ofString(yaml, StandardCharsets.UTF_8))
            .build();
    return send(request);
  }

  ApiResponse delete(AppRef app) {
    var uri = server.resolve(app.path(), null);
    return send(HttpRequest.newBuilder(uri).header("Accept", JSON).DELETE().build());
  }

  private ApiResponse send(HttpRequest request) {
    try {
      var response = http.send(request, BodyHandlers.ofString(StandardCharsets.UTF_8));
      return new ApiResponse(response.statusCode(), response.body());
    } catch (ConnectException e) {
      throw unreachable(connectFailure(e));
    } catch (HttpConnectTimeoutException e) {
      throw unreachable("no answer within " + CONNECT_TIMEOUT.toSeconds() + "s");
    } catch (IOException e) {
      var reason = Objects.requireNonNullElse(innermost(e).getMessage(), innermost(e).toString());
      throw new CliFailure(request.method() + " " + request.uri() + " failed: " + reason);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CliFailure("interrupted while waiting for " + request.uri());
    }
  }

  private CliFailure unreachable(String reason) {
    return new CliFailure(
        "cannot connect to the Driftless server at " + server + " (" + reason + ")");
  }

  /**
   * Java 17's client reports a refused connection as a bare ConnectException caused by a
   * ClosedChannelException, both without message; newer JDKs and other failures carry one.
   */
  private static String connectFailure(ConnectException e) {
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
