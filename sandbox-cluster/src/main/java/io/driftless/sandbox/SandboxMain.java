package io.driftless.sandbox;

import io.driftless.sandbox.controllers.Controller;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CountDownLatch;

/**
 * {@code java -jar driftless-sandbox.jar [--data-dir=./data] [--port=6443] [--host=127.0.0.1]
 * [--controllers=workload-status,job-completion,...|none] [--verbose]}: the sandbox cluster as a
 * process of its own, for the distributed setup on one machine. It writes {@code
 * <data-dir>/sandbox-kubeconfig.yaml} and keeps its objects in {@code
 * <data-dir>/sandbox-cluster.json}; it runs until stopped (Ctrl-C, SIGTERM).
 */
public final class SandboxMain {

  private static final String USAGE =
      "usage: java -jar driftless-sandbox.jar [--data-dir=./data] [--port=6443]"
          + " [--host=127.0.0.1] [--controllers=workload-status,job-completion,crd-establishing,"
          + "load-balancer,autoscaler,sidecar-injector|none] [--verbose]";

  private SandboxMain() {}

  public static void main(String[] args) throws InterruptedException {
    var dataDir = Path.of("data");
    var port = SandboxSettings.DEFAULT_PORT;
    var host = "127.0.0.1";
    var verbose = false;
    Set<Controller> controllers = Controller.defaults();
    for (var arg : args) {
      var value = arg.substring(arg.indexOf('=') + 1);
      if (arg.startsWith("--data-dir=")) {
        dataDir = Path.of(value);
      } else if (arg.startsWith("--port=") && value.matches("[0-9]{1,5}")) {
        port = Integer.parseInt(value);
      } else if (arg.startsWith("--host=")) {
        host = value;
      } else if (arg.startsWith("--controllers=") && controllers(value) != null) {
        controllers = controllers(value);
      } else if (arg.equals("--verbose")) {
        verbose = true;
      } else {
        System.err.println("unknown argument " + arg + "\n" + USAGE);
        System.exit(2);
      }
    }
    configureLogging(verbose);
    run(SandboxSettings.under(dataDir).withPort(port).withHost(host).withControllers(controllers));
  }

  /** {@code none} or a comma-separated list of controller names; null when one is unknown. */
  private static Set<Controller> controllers(String list) {
    var chosen = EnumSet.noneOf(Controller.class);
    if (list.equals("none")) {
      return chosen;
    }
    for (var name : list.split(",")) {
      try {
        chosen.add(Controller.valueOf(name.trim().toUpperCase(Locale.ROOT).replace('-', '_')));
      } catch (IllegalArgumentException e) {
        return null;
      }
    }
    return chosen;
  }

  private static void run(SandboxSettings settings) throws InterruptedException {
    var sandbox = SandboxCluster.start(settings);
    var stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  sandbox.close();
                  stopped.countDown();
                },
                "sandbox-shutdown"));
    stopped.await();
  }

  /** slf4j-simple reads these once, when the first logger is made: before any is. */
  private static void configureLogging(boolean verbose) {
    System.setProperty("org.slf4j.simpleLogger.showDateTime", "true");
    System.setProperty("org.slf4j.simpleLogger.dateTimeFormat", "yyyy-MM-dd'T'HH:mm:ss.SSSXXX");
    System.setProperty("org.slf4j.simpleLogger.showShortLogName", "true");
    if (verbose) {
      System.setProperty("org.slf4j.simpleLogger.log.io.driftless.sandbox", "debug");
    }
  }
}
