package io.driftless.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.cli.FakeDriftlessServer.Reply;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** subscriptions create, ls, rm, deliveries, redeliver: the webhook API from the command line. */
class SubscriptionsCommandTest {

  private FakeDriftlessServer server;

  @BeforeEach
  void start() throws IOException {
    server = FakeDriftlessServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void createSendsUrlTypesAppsAndTheSecretFromTheEnvironment() {
    server.route("POST /api/subscriptions", () -> Reply.json(201, "{\"id\":\"s-1\"}"));

    var run =
        CliRun.withEnvironment(
            Map.of("DRIFTLESS_WEBHOOK_SECRET", "0123456789abcdef0123"),
            "subscriptions",
            "create",
            "--url",
            "https://hooks.example.com/x",
            "--type",
            "change.finished",
            "--type",
            "cdevents",
            "--app",
            "default/web",
            "--server",
            server.url());

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("Subscription s-1 created").endsWith("Succeeded\n");
    var request = server.requests().get(0);
    assertThat(request.method()).isEqualTo("POST");
    assertThat(request.contentType()).startsWith("application/json");
    var body = Json.readObject(request.body());
    assertThat(body.path("url").asText()).isEqualTo("https://hooks.example.com/x");
    assertThat(body.path("types").toString()).isEqualTo("[\"change.finished\",\"cdevents\"]");
    assertThat(body.path("apps").toString()).isEqualTo("[\"default/web\"]");
    assertThat(body.path("secret").asText()).isEqualTo("0123456789abcdef0123");
  }

  @Test
  void createWithoutASecretFailsAndSendsNothing() {
    var run = run("subscriptions", "create", "--url", "https://hooks.example.com/x");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).contains("DRIFTLESS_WEBHOOK_SECRET");
    assertThat(server.requests()).isEmpty();
  }

  @Test
  void lsPrintsEachSubscriptionWithItsBacklog() {
    server.route(
        "GET /api/subscriptions",
        () ->
            Reply.json(
                200,
                """
                [{"id":"s-1","url":"https://hooks.example.com/x","types":["*"],"apps":["default/web"],
                  "backlog":{"pending":2,"failed":1,"dead":0,"delivered":7,
                             "oldestPendingAt":"2026-11-27T10:00:00Z"}}]
                """));

    var run = run("subscriptions", "ls");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains("Subscriptions")
        .containsPattern("s-1 +https://hooks.example.com/x +\\* +default/web +2 +1 +0 +7");
  }

  @Test
  void deliveriesFiltersByStatusAndRedeliverAndRmCallTheirPaths() {
    server.route(
        "GET /api/subscriptions/s-1/deliveries",
        () ->
            Reply.json(
                200,
                """
                [{"id":42,"type":"io.driftless.change.finished.v1","app":"default/web",
                  "status":"dead","attempts":30,"lastStatus":503,"lastError":"HTTP 503",
                  "createdAt":"2026-11-26T10:00:00Z"}]
                """));
    server.route(
        "POST /api/subscriptions/s-1/deliveries/42/redeliver",
        () -> Reply.json(202, "{\"id\":42,\"status\":\"pending\"}"));
    server.route("DELETE /api/subscriptions/s-1", () -> Reply.json(200, "{}"));

    var deliveries = run("subscriptions", "deliveries", "s-1", "--status", "dead");
    var redeliver = run("subscriptions", "redeliver", "s-1", "42");
    var rm = run("subscriptions", "rm", "s-1");

    assertThat(deliveries.exitCode()).as(deliveries.err()).isZero();
    assertThat(deliveries.out())
        .containsPattern("42 +io.driftless.change.finished.v1 +default/web +dead +30 +503");
    assertThat(server.requests().get(0).query()).isEqualTo("status=dead");
    assertThat(redeliver.exitCode()).as(redeliver.err()).isZero();
    assertThat(redeliver.out()).contains("Delivery 42 of subscription s-1 queued again");
    assertThat(rm.exitCode()).as(rm.err()).isZero();
    assertThat(server.requests().get(2).method()).isEqualTo("DELETE");
  }

  private CliRun run(String... args) {
    return CliRun.of(List.of(args), "--server", server.url());
  }
}
