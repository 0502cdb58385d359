package io.driftless.command.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.driftless.sandbox.SandboxCluster;
import io.driftless.sandbox.SandboxSettings;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * The watches against the sandbox over HTTP, without the rest of the command side: a label-selected
 * watch across namespaces sees owned objects only, reports a changed or deleted object's app, and
 * takes the gateway's own writes for what they are.
 */
class ClusterWatchesIT {

  private SandboxCluster sandbox;
  private Path kubeconfig;
  private KubernetesClient client;
  private Fabric8ClusterWatches watches;
  private Fabric8ClusterGateway gateway;
  private final List<String> changed = new CopyOnWriteArrayList<>();

  @BeforeEach
  void start() {
    kubeconfig = Path.of("target", "kubeconfig-" + UUID.randomUUID() + ".yaml");
    sandbox = SandboxCluster.start(new SandboxSettings("127.0.0.1", 0, kubeconfig, null));
    var config = Config.fromKubeconfig(null, new File(kubeconfig.toString()));
    config.setRequestRetryBackoffLimit(0); // a refused request fails at once, not after 20 s
    client = new KubernetesClientBuilder().withConfig(config).build();
    watches = new Fabric8ClusterWatches(client, Duration.ofSeconds(2));
    gateway = new Fabric8ClusterGateway(client, watches);
    watches.contexts(gateway::watchContext);
    watches.listen(changed::add);
  }

  @AfterEach
  void stop() {
    watches.close();
    client.close();
    sandbox.close();
  }

  private void configMap(String name, String namespace, boolean owned, String value) {
    var builder = new ConfigMapBuilder().withNewMetadata().withName(name).withNamespace(namespace);
    if (owned) {
      builder =
          builder
              .addToLabels("driftless.io/app", "app.default")
              .addToAnnotations("driftless.io/app-id", "default/app");
    }
    client
        .configMaps()
        .inNamespace(namespace)
        .resource(builder.endMetadata().addToData("a", value).build())
        .createOr(c -> c.update());
  }

  @Test
  void ownedObjectsAreWatchedAcrossNamespacesAndChangesReported() {
    configMap("one", "default", true, "1");
    configMap("two", "other", true, "1");
    configMap("stranger", "default", false, "1");
    watches.scope(Set.of(new WatchedKind("v1", "ConfigMap")));
    await().atMost(Duration.ofSeconds(20)).until(() -> watches.objects() == 2);

    configMap("stranger", "default", false, "2");
    configMap("two", "other", true, "2");
    await().atMost(Duration.ofSeconds(20)).until(() -> changed.size() == 1);
    client.configMaps().inNamespace("default").withName("one").delete();
    await().atMost(Duration.ofSeconds(20)).until(() -> changed.size() == 2);
    assertThat(changed).containsExactly("default/app", "default/app");
    assertThat(watches.objects()).isEqualTo(1);
  }

  @Test
  void aKindNoCrdDeclaresIsTriedAtEveryScopeButWarnedOnce() {
    var warnings = new ListAppender<ILoggingEvent>();
    warnings.start();
    var logger = (Logger) LoggerFactory.getLogger(Fabric8ClusterWatches.class);
    logger.addAppender(warnings);
    try {
      var missing = new WatchedKind("nowhere.example/v1", "Widget");
      var configMaps = new WatchedKind("v1", "ConfigMap");
      watches.scope(Set.of(missing));
      watches.scope(Set.of(missing));
      watches.scope(Set.of(missing, configMaps));

      assertThat(watches.scope()).containsExactly(configMaps);
      assertThat(warnings.list)
          .filteredOn(event -> event.getLevel() == Level.WARN)
          .extracting(ILoggingEvent::getFormattedMessage)
          .singleElement()
          .asString()
          .startsWith("Cannot watch Widget (nowhere.example/v1)")
          .contains("no CustomResourceDefinition declares kind Widget of group nowhere.example");
    } finally {
      logger.detachAppender(warnings);
    }
  }

  @Test
  void aWatchThatKeepsFailingWarnsOnceAndSaysWhenItRunsAgain() {
    var events = new ListAppender<ILoggingEvent>();
    events.start();
    var logger = (Logger) LoggerFactory.getLogger(KindWatch.class);
    var level = logger.getLevel();
    logger.setLevel(Level.DEBUG);
    logger.addAppender(events);
    try {
      var port = java.net.URI.create(sandbox.url()).getPort();
      sandbox.close();

      // the watch cannot list: it retries after 1 s, 2 s, 2 s ... (fabric8 reconnects a watch
      // that was running by itself, so a failing start is what reaches the retries)
      watches.scope(Set.of(new WatchedKind("v1", "ConfigMap")));
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> messages(events, null, "The watch of ConfigMap").size() >= 3);
      sandbox = SandboxCluster.start(new SandboxSettings("127.0.0.1", port, kubeconfig, null));
      await()
          .atMost(Duration.ofSeconds(30))
          .until(
              () ->
                  !messages(events, Level.INFO, "The watch of ConfigMap (v1) runs again")
                      .isEmpty());
      configMap("one", "default", true, "1");
      await().atMost(Duration.ofSeconds(20)).until(() -> watches.objects() == 1);

      assertThat(messages(events, Level.WARN, ""))
          .singleElement()
          .asString()
          .startsWith("The watch of ConfigMap (v1) stopped");
    } finally {
      logger.detachAppender(events);
      logger.setLevel(level);
    }
  }

  private static List<String> messages(
      ListAppender<ILoggingEvent> events, Level level, String start) {
    List<ILoggingEvent> copy;
    synchronized (events) { // the appender appends under its own lock
      copy = List.copyOf(events.list);
    }
    return copy.stream()
        .filter(event -> level == null || event.getLevel() == level)
        .map(ILoggingEvent::getFormattedMessage)
        .filter(message -> message.startsWith(start))
        .toList();
  }
}
