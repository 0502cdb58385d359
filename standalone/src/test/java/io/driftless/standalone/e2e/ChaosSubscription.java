package io.driftless.standalone.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.events.EventEnvelope;
import io.driftless.events.testing.LocalServices;
import io.driftless.events.testing.SideProcess;
import io.driftless.standalone.subscriptions.Receiver;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The chaos suite's webhook subscription (issue 30): a subscription to every type of some apps
 * whose target is a {@link Receiver} in the test JVM on loopback, made through the query side's
 * open API. {@link #check} proves, from the event store alone ({@link WebhookOracle}), that every
 * CloudEvent the store calls for reached the receiver at least once once the backlog is empty, that
 * nothing else came, and that per app the first receipts of App events keep event-store order.
 */
final class ChaosSubscription implements AutoCloseable {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
  private static final String HOOK = "/hooks";

  private final Receiver receiver;
  private final Set<String> apps;
  private String id;

  /** A receiver for a subscription to {@code apps} ({@code namespace/app}). */
  ChaosSubscription(Set<String> apps) throws IOException {
    this.receiver = new Receiver();
    this.apps = Set.copyOf(apps);
  }

  /**
   * The query side's settings the subscription needs: the receiver is on loopback, and a killed
   * query side's claims run out after 2 x timeout + lease margin = 6 s (30 s by default), so the
   * restarted one sends them again within the suite's time.
   */
  static List<String> querySideArgs() {
    return List.of(
        "--driftless.secrets.key=" + LocalServices.secretsKey(),
        "--driftless.subscriptions.allow-private-targets=true",
        "--driftless.subscriptions.timeout=2s",
        "--driftless.subscriptions.lease-margin=2s",
        "--driftless.subscriptions.first-backoff=200ms",
        "--driftless.subscriptions.max-backoff=1s",
        "--driftless.subscriptions.poll-interval=100ms");
  }

  /** {@code POST /api/subscriptions} on the (open) query side: every type of the apps. */
  void subscribe(SideProcess querySide) throws IOException, InterruptedException {
    var body = JSON.createObjectNode();
    body.put("url", receiver.answering(HOOK, 200));
    body.put("secret", "a-chaos-webhook-secret");
    body.putArray("types").add("*");
    var appList = body.putArray("apps");
    apps.stream().sorted().forEach(appList::add);
    var response =
        HTTP.send(
            HttpRequest.newBuilder(querySide.uri("/api/subscriptions"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString()))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
    id = JSON.readTree(response.body()).path("id").asText();
  }

  /** How many deliveries the receiver got so far (repeats included). */
  int received() {
    return receiver.got(HOOK).size();
  }

  /**
   * Waits until the backlog is empty and every CloudEvent the event store calls for arrived, then
   * checks the deliveries: every event of every {@code acknowledged} change of the apps (its
   * started, finished and CDEvent), nothing the store does not call for, none given up, App events
   * in store order per app. The store is read again at every look ({@code events}): a reconcile may
   * still add a change after the clients stopped. Returns the counts' line.
   */
  String check(
      Supplier<List<EventEnvelope>> events,
      Set<String> acknowledged,
      Supplier<SideProcess> querySide)
      throws IOException, InterruptedException {
    var called = new AtomicReference<List<WebhookOracle.Expected>>(List.of());
    try {
      await("the backlog empty and every CloudEvent the event store calls for received")
          .atMost(Duration.ofMinutes(3))
          .pollInterval(Duration.ofSeconds(1))
          .until(
              () -> {
                called.set(expectedOf(events.get()));
                var backlog = backlog(querySide.get());
                return backlog.path("pending").asLong() + backlog.path("failed").asLong() == 0
                    && receivedIds().containsAll(idsOf(called.get()));
              });
    } finally {
      System.out.println(counts(called.get()));
    }
    var expected = called.get();
    var expectedIds = idsOf(expected);
    assertThat(backlog(querySide.get()).path("dead").asLong()).as("deliveries given up").isZero();
    var received = receivedIds();
    var acknowledgedOfApps =
        expected.stream()
            .map(WebhookOracle.Expected::changeId)
            .filter(acknowledged::contains)
            .collect(Collectors.toCollection(TreeSet::new));
    assertThat(acknowledgedOfApps).as("acknowledged changes of " + apps).isNotEmpty();
    for (var change : acknowledgedOfApps) {
      assertThat(
              expected.stream()
                  .filter(e -> change.equals(e.changeId()) && received.contains(e.id()))
                  .map(WebhookOracle.Expected::name))
          .as("CloudEvents received of acknowledged change " + change)
          .contains("change.started", "change.finished");
    }
    assertThat(new HashSet<>(received))
        .as("no CloudEvent the event store does not call for")
        .isEqualTo(expectedIds);
    assertThat(WebhookOracle.disorder(expected, received))
        .as("apps whose first receipts leave event-store order")
        .isEmpty();
    return counts(expected);
  }

  private List<WebhookOracle.Expected> expectedOf(List<EventEnvelope> events) {
    return WebhookOracle.expected(events, id).stream().filter(e -> apps.contains(e.app())).toList();
  }

  private static Set<String> idsOf(List<WebhookOracle.Expected> expected) {
    var ids = new HashSet<String>();
    expected.forEach(e -> ids.add(e.id()));
    return ids;
  }

  private String counts(List<WebhookOracle.Expected> expected) {
    var received = receivedIds();
    var distinct = new HashSet<>(received).size();
    return String.format(
        "subscription of %s: CloudEvents expected %d (of App events %d), deliveries received %d"
            + " (distinct %d, duplicates %d)",
        apps.stream().sorted().toList(),
        expected.size(),
        expected.stream().filter(WebhookOracle.Expected::ofApp).count(),
        received.size(),
        distinct,
        received.size() - distinct);
  }

  /** The CloudEvent ids the receiver got, in the order it got them (repeats included). */
  private List<String> receivedIds() {
    return receiver.got(HOOK).stream().map(r -> r.event().path("id").asText()).toList();
  }

  private JsonNode backlog(SideProcess querySide) throws IOException, InterruptedException {
    var response =
        HTTP.send(
            HttpRequest.newBuilder(querySide.uri("/api/subscriptions/" + id))
                .timeout(Duration.ofSeconds(10))
                .GET()
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body()).path("backlog");
  }

  @Override
  public void close() {
    receiver.close();
  }
}
