package io.driftless.cli;

import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

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
    } catch (ConnectException | HttpConnectTimeoutException e) {
      throw new CliFailure("cannot connect to the Driftless server at " + server + ": " + cause(e));
    } catch (IOException e) {
      throw new CliFailure(request.method() + " " + request.uri() + " failed: " + cause(e));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CliFailure("interrupted while waiting for " + request.uri());
    }
  }

  /** The innermost cause says it best ("Connection refused"); the outer ones are often empty. */
  private static String cause(Throwable e) {
    var innermost = e;
    while (innermost.getCause() != null) {
      innermost = innermost.getCause();
    }
    var message = innermost.getMessage();
    return message == null ? innermost.getClass().getSimpleName() : message;
  }
}
