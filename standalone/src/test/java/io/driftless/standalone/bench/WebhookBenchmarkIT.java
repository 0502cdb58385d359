package io.driftless.standalone.bench;

import org.axonframework.eventsourcing.eventstore.EventStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Runs {@link WebhookBenchmark} (issue 30's delivery figures) on a standalone server in this JVM
 * with its embedded defaults, inside the build, so it needs no installed artifacts; not a test, and
 * left out unless asked for: {@code -Dbench.webhook="seconds=20 burst=2000"} (query-side
 * BENCHMARK.md, "Webhook delivery"). The figures go to the console and to {@code
 * target/webhook-benchmark.txt}.
 */
@EnabledIfSystemProperty(named = "bench.webhook", matches = ".*")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class WebhookBenchmarkIT {

  @DynamicPropertySource
  static void embedded(DynamicPropertyRegistry registry) throws Exception {
    // The stored changes name apps the cluster does not have: nothing to reconcile.
    BenchServer.embedded(registry);
  }

  @LocalServerPort int port;
  @Autowired EventStore eventStore;

  @Test
  void run() throws Exception {
    var options = DeployCostBenchmark.options(System.getProperty("bench.webhook", ""));
    BenchServer.report(
        "webhook-benchmark.txt", out -> new WebhookBenchmark(port, eventStore, options, out).run());
  }
}
