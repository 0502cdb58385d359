package io.driftless.standalone.bench;

import io.driftless.sandbox.SandboxCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Runs {@link DeployCostBenchmark} (issue 31) on a standalone server in this JVM with its embedded
 * defaults and its sandbox, inside the build, so it needs no installed artifacts; not a test, and
 * left out unless asked for: {@code -Dbench.cost="rounds=10 creates=3 updates=3"} (standalone
 * BENCHMARK.md, "Deploy cost (issue 31)"). The figures go to the console and to {@code
 * target/deploy-cost-benchmark.txt}.
 */
@EnabledIfSystemProperty(named = "bench.cost", matches = ".*")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class DeployCostBenchmarkIT {

  @DynamicPropertySource
  static void embedded(DynamicPropertyRegistry registry) throws Exception {
    // Only the measured calls reach the cluster: no periodic or watch-triggered reconcile.
    BenchServer.embedded(registry);
  }

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;

  @Test
  void run() throws Exception {
    var options = DeployCostBenchmark.options(System.getProperty("bench.cost", ""));
    BenchServer.report(
        "deploy-cost-benchmark.txt",
        out -> new DeployCostBenchmark(port, sandbox, options, out).run());
  }
}
