package io.driftless.command.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** Which failures to find a kind's path are worth a warning. No cluster: the paths fail. */
class Fabric8ClusterWatchesTest {

  private static final Set<WatchedKind> KINDS =
      Set.of(
          new WatchedKind("one.example.com/v1", "One"),
          new WatchedKind("two.example.com/v1", "Two"),
          new WatchedKind("three.example.com/v1", "Three"));

  private final ListAppender<ILoggingEvent> log = new ListAppender<>();
  private final Logger logger = (Logger) LoggerFactory.getLogger(Fabric8ClusterWatches.class);
  private final AtomicInteger reads = new AtomicInteger();
  private Fabric8ClusterWatches watches;

  @BeforeEach
  void capture() {
    log.start();
    logger.addAppender(log);
    watches = new Fabric8ClusterWatches(null, Duration.ofSeconds(1));
  }

  @AfterEach
  void release() {
    logger.detachAppender(log);
    watches.close();
    Thread.interrupted();
  }

  @Test
  void aKindWhosePathCannotBeReadIsWarnedAboutOnce() {
    watches.contexts(
        kind -> {
          reads.incrementAndGet();
          throw new KubernetesClientException("no CustomResourceDefinition declares " + kind);
        });

    watches.scope(KINDS);
    watches.scope(KINDS);

    assertThat(reads).hasValue(6);
    assertThat(warnings()).hasSize(3).allMatch(line -> line.startsWith("Cannot watch "));
  }

  @Test
  void aScopeInterruptedByTheTriggersCloseWarnsOfNothingAndStops() {
    watches.contexts(
        kind -> {
          reads.incrementAndGet();
          // What fabric8 throws when the thread waiting for the answer is interrupted.
          Thread.currentThread().interrupt();
          throw new KubernetesClientException(
              "Operation: [get] failed.", new InterruptedException());
        });

    watches.scope(KINDS);

    assertThat(warnings()).isEmpty();
    assertThat(reads).as("no read after the interruption").hasValue(1);
    assertThat(Thread.currentThread().isInterrupted()).as("the interruption is kept").isTrue();
  }

  private List<String> warnings() {
    var lines = new ArrayList<String>();
    for (var event : log.list) {
      if (event.getLevel().isGreaterOrEqual(Level.WARN)) {
        lines.add(event.getFormattedMessage());
      }
    }
    return lines;
  }
}
