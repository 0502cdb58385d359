package io.driftless.standalone.e2e;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One deploy client: deploys its own apps in turn (so its requests never meet another client's
 * change), each request with a fresh {@code Idempotency-Key}; a request whose answer is lost (the
 * connection broke, the server is starting, its change still runs) is sent again with the same key
 * until an answer comes, as the CLI does. Used by the chaos suite ({@link ChaosIT}); a {@code 502}
 * is expected only when {@link CommandReplicas} counted a kill of the request's replica or a
 * connection cut while it ran.
 */
final class ChaosClient implements Runnable {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  private final CommandReplicas replicas;
  private final List<String> apps;
  private final Random random;
  private int replica;
  private final Set<String> acknowledged = ConcurrentHashMap.newKeySet();
  private final List<String> unexpected = new CopyOnWriteArrayList<>();
  private final AtomicInteger failed = new AtomicInteger();
  private final AtomicInteger retried = new AtomicInteger();
  private final AtomicInteger clusterErrors = new AtomicInteger();
  private volatile boolean inFlight;
  private volatile boolean running = true;

  ChaosClient(CommandReplicas replicas, List<String> apps, long seed, int replica) {
    this.replicas = replicas;
    this.apps = apps;
    this.random = new Random(seed);
    this.replica = replica % replicas.size();
  }

  @Override
  public void run() {
    var round = 0;
    while (running) {
      var app = apps.get(round % apps.size());
      try {
        deploy(app, manifest(app, round), UUID.randomUUID().toString());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      } catch (Exception e) {
        unexpected.add(app + ": " + e);
      }
      round++;
    }
  }

  private void deploy(String app, String manifest, String key) throws Exception {
    var deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
    var first = replica;
    var killsBefore = replicas.kills(first);
    var cutsBefore = replicas.cuts();
    inFlight = true;
    try {
      for (var attempt = 0; ; attempt++) {
        if (attempt > 0) {
          retried.incrementAndGet();
          Thread.sleep(200); // the client's back-off between retries, as the CLI's
        }
        if (System.nanoTime() > deadline) {
          unexpected.add(app + ": no answer for key " + key + " within 3 minutes");
          return;
        }
        HttpResponse<String> response;
        try {
          var request =
              HttpRequest.newBuilder(replicas.uri(replica, "/api/apps/default/" + app + "/deploy"))
                  .timeout(Duration.ofSeconds(60))
                  .header("Content-Type", "application/yaml")
                  .header("Idempotency-Key", key)
                  .POST(HttpRequest.BodyPublishers.ofString(manifest))
                  .build();
          response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException lost) {
          replica = (replica + 1) % replicas.size(); // as a load balancer would: the next replica
          continue;
        }
        switch (response.statusCode()) {
          case 200 -> {
            var changeId = JSON.readTree(response.body()).get("changeId");
            if (changeId != null && changeId.isTextual()) {
              acknowledged.add(changeId.asText());
            }
            return;
          }
          case 502 -> {
            if (response.body().contains("\"cluster_error\"")) {
              // the cluster (the sandbox, in this JVM under the suite's load) refused or timed
              // out: recorded as failed, as a real cluster's failure would be
              clusterErrors.incrementAndGet();
              return;
            }
            // Otherwise the change was closed by crash recovery: only a crash of the replica
            // that ran it, or the loss of its database connection, may do that. A change closed
            // while its replica still runs it is a bug.
            if (replicas.kills(first) == killsBefore && replicas.cuts() == cutsBefore) {
              unexpected.add(app + ": 502 with no crash of its replica: " + response.body());
            }
            failed.incrementAndGet();
            return;
          }
          case 409, 503, 500 -> {
            // its change still runs, the server is busy or lost its database for a moment
          }
          default -> {
            unexpected.add(app + ": " + response.statusCode() + " " + response.body());
            return;
          }
        }
      }
    } finally {
      inFlight = false;
    }
  }

  private String manifest(String app, int round) {
    var replicas = 1 + random.nextInt(3);
    return """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: %1$s-settings
          namespace: default
        data:
          round: "%2$d"
        ---
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: %1$s-web
          namespace: default
        spec:
          replicas: %3$d
          selector:
            matchLabels:
              app: %1$s
          template:
            metadata:
              labels:
                app: %1$s
            spec:
              containers:
              - name: web
                image: nginx:1.27
                env:
                - name: ROUND
                  value: "%2$d"
        """
        .formatted(app, round, replicas);
  }

  void stop() {
    running = false;
  }

  boolean inFlight() {
    return inFlight;
  }

  int acknowledgedCount() {
    return acknowledged.size();
  }

  Set<String> acknowledgedChanges() {
    return acknowledged;
  }

  int failedCount() {
    return failed.get();
  }

  int retriedCount() {
    return retried.get();
  }

  int clusterErrorCount() {
    return clusterErrors.get();
  }

  List<String> unexpected() {
    return unexpected;
  }
}
