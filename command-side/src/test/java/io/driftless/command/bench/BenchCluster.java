package io.driftless.command.bench;

import io.driftless.sandbox.SandboxCluster;
import io.driftless.sandbox.SandboxSettings;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentConditionBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The cluster side of {@link ReconcileBenchmark}, as a process of its own so that its CPU is not
 * counted as the command side's: an in-memory sandbox with its default controllers, plus a status
 * writer playing the cluster's controllers (User-Agent {@code bench-status-writer}): it writes the
 * status subresource of every owned Deployment in turn (a heartbeat condition and readyReplicas),
 * at a set rate, and the sandbox's workload controller answers each with its own status write.
 *
 * <p>Driven over stdin, one command a line: {@code churn <writes per second>}, {@code stop}, {@code
 * writes} (answers {@code WRITES manager=count,...}: the sandbox's count of clients' write requests
 * by field manager), {@code quit}. Prints {@code READY <kubeconfig>} once it listens.
 */
public final class BenchCluster {

  private static volatile Thread churn;
  private static final AtomicLong STATUS_WRITES = new AtomicLong();

  private BenchCluster() {}

  public static void main(String[] args) throws Exception {
    var kubeconfig = Path.of(args[0]);
    var sandbox = SandboxCluster.start(new SandboxSettings("127.0.0.1", 0, kubeconfig, null));
    var config =
        new ConfigBuilder(Config.fromKubeconfig(null, new File(kubeconfig.toString())))
            .withUserAgent("bench-status-writer/1")
            .build();
    try (var client = new KubernetesClientBuilder().withConfig(config).build()) {
      System.out.println("READY " + kubeconfig.toAbsolutePath());
      System.out.flush();
      var in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
      String line;
      while ((line = in.readLine()) != null) {
        if (line.startsWith("churn ")) {
          stop();
          var rate = Integer.parseInt(line.substring(6).trim());
          churn = new Thread(() -> churn(client, rate), "bench-status-writer");
          churn.setDaemon(true);
          churn.start();
          System.out.println("OK");
        } else if (line.equals("stop")) {
          stop();
          System.out.println("OK " + STATUS_WRITES.get());
        } else if (line.equals("writes")) {
          var text = new StringBuilder("WRITES ");
          sandbox
              .writeRequests()
              .forEach((k, v) -> text.append(k).append('=').append(v).append(','));
          System.out.println(text);
        } else if (line.equals("quit")) {
          break;
        }
        System.out.flush();
      }
    } finally {
      stop();
      sandbox.close();
    }
  }

  private static void stop() throws InterruptedException {
    var running = churn;
    churn = null;
    if (running != null) {
      running.interrupt();
      running.join();
    }
  }

  private static void churn(KubernetesClient client, int perSecond) {
    var interval = 1_000_000_000L / Math.max(1, perSecond);
    var next = System.nanoTime();
    var beat = 0L;
    while (!Thread.currentThread().isInterrupted()) {
      List<Deployment> owned =
          client
              .apps()
              .deployments()
              .inAnyNamespace()
              .withLabel("driftless.io/app")
              .list()
              .getItems();
      if (owned.isEmpty()) {
        LockSupport.parkNanos(100_000_000L);
        continue;
      }
      for (var deployment : owned) {
        if (Thread.currentThread().isInterrupted()) {
          return;
        }
        beat++;
        var status = deployment.getStatus();
        status.setConditions(
            List.of(
                new DeploymentConditionBuilder()
                    .withType("Heartbeat")
                    .withStatus("True")
                    .withMessage("beat " + beat)
                    .build()));
        status.setReadyReplicas((int) (beat % 3));
        deployment.getMetadata().setResourceVersion(null);
        try {
          client.apps().deployments().resource(deployment).updateStatus();
          STATUS_WRITES.incrementAndGet();
        } catch (KubernetesClientException e) {
          // deleted meanwhile: the next round lists again
        }
        next += interval;
        var wait = next - System.nanoTime();
        if (wait > 0) {
          LockSupport.parkNanos(wait);
        } else {
          next = System.nanoTime();
        }
      }
    }
  }
}
