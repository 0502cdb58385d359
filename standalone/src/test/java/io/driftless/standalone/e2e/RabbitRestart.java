package io.driftless.standalone.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.events.testing.MachineBroker;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A restart of the machine's RabbitMQ as the chaos suites do it: {@code rabbitmqctl stop_app} and
 * {@code start_app} (queues and messages on disk survive), once no test of another fork uses the
 * broker ({@link MachineBroker}).
 */
final class RabbitRestart {

  private RabbitRestart() {}

  /** Restarts the broker; {@code rabbitmqctl}'s output goes to {@code log}. */
  static void restart(Path log) throws Exception {
    MachineBroker.alone(
        () -> {
          rabbitmqctl("stop_app", log);
          rabbitmqctl("start_app", log);
          rabbitmqctl("await_startup", log);
        });
  }

  private static void rabbitmqctl(String command, Path log) throws Exception {
    var process =
        new ProcessBuilder("rabbitmqctl", command)
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("rabbitmqctl " + command).isTrue();
    assertThat(process.exitValue()).as("rabbitmqctl " + command).isZero();
  }
}
