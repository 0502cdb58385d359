package io.driftless.standalone.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.events.testing.MachineBroker;
import java.nio.file.Path;
import java.time.Duration;
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
    restart(log, Duration.ZERO);
  }

  /**
   * Restarts the broker and keeps it stopped for {@code down} in between: an outage of that length,
   * during which message TTLs run out (the pause is the outage, not a wait for a state).
   */
  static void restart(Path log, Duration down) throws Exception {
    MachineBroker.alone(
        () -> {
          rabbitmqctl("stop_app", log);
          Thread.sleep(down.toMillis());
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
