package io.driftless.command.reconcile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.driftless.command.cluster.ClusterWatches;
import io.driftless.command.cluster.WatchedKind;
import io.driftless.command.support.Api;
import io.driftless.command.support.TestCluster;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The watched kinds follow the kinds the apps own: a custom kind is watched while an app holds an
 * object of it, and its watch is closed, for good and without a warning, once no app does (the app
 * was deleted, or a deploy dropped the custom resources and their CRD). Before, the kind stayed
 * watched after its CRD was gone and the command side warned about it for as long as it ran.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
// Closed after the class: its watches and scheduler would go on in the cached context.
@DirtiesContext
class WatchScopeIT {

  /** The trigger's look at the owned kinds, every 5 s by default; here 1 s, so waits are short. */
  private static final Duration RESCOPE = Duration.ofSeconds(1);

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    var data = java.nio.file.Path.of("target", "scope-" + UUID.randomUUID()).toAbsolutePath();
    registry.add("driftless.data-dir", data::toString);
    var kubeconfig = TestCluster.kubeconfig();
    registry.add("driftless.cluster.kubeconfig", () -> kubeconfig);
    registry.add("driftless.reconcile.enabled", () -> true);
    registry.add("driftless.reconcile.sync-period", () -> "1h");
    registry.add("driftless.reconcile.jitter", () -> 0);
    registry.add("driftless.reconcile.tick", () -> "50ms");
    registry.add("driftless.reconcile.watch-delay", () -> "200ms");
    registry.add("driftless.reconcile.watch.rescope", () -> RESCOPE.toMillis() + "ms");
    registry.add("driftless.cluster.watch-max-backoff", () -> "1s");
  }

  @LocalServerPort int port;
  @Autowired ClusterWatches watches;

  private static String crd(String group, String kind, String plural) {
    return """
        apiVersion: apiextensions.k8s.io/v1
        kind: CustomResourceDefinition
        metadata:
          name: %s.%s
        spec:
          group: %s
          scope: Namespaced
          names: {plural: %s, kind: %s}
          versions:
          - name: v1
            served: true
            storage: true
            schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}
        ---
        apiVersion: %s/v1
        kind: %s
        metadata:
          name: one
        spec:
          size: 1
        """
        .formatted(plural, group, group, plural, kind, group, kind);
  }

  private static final String CONFIG =
      "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: scope-config\ndata:\n  a: b\n";

  @Test
  void aDeletedAppsCustomKindIsNoLongerWatchedNorWarnedAbout() {
    var api = new Api(port);
    var gizmo = new WatchedKind("scope-deleted.example.com/v1", "Gizmo");
    assertThat(api.deployYaml("gizmos", crd("scope-deleted.example.com", "Gizmo", "gizmos")))
        .extracting(r -> r.statusCode())
        .isEqualTo(200);
    await().atMost(Duration.ofSeconds(30)).until(() -> watches.scope().contains(gizmo));

    var warnings = warnings();
    try {
      assertThat(api.delete("gizmos").statusCode()).isEqualTo(200);

      await().atMost(Duration.ofSeconds(30)).until(() -> !watches.scope().contains(gizmo));
      await()
          .during(RESCOPE.multipliedBy(3))
          .atMost(Duration.ofMillis(3 * RESCOPE.toMillis() + 5_000))
          .until(() -> !watches.scope().contains(gizmo));
      assertThat(mentions(warnings, "Gizmo")).isEmpty();
    } finally {
      detach(warnings);
    }
  }

  @Test
  void aKindADeployDropsWithItsCrdIsNoLongerWatched() {
    var api = new Api(port);
    var doohickey = new WatchedKind("scope-dropped.example.com/v1", "Doohickey");
    var configMaps = new WatchedKind("v1", "ConfigMap");
    var both = crd("scope-dropped.example.com", "Doohickey", "doohickeys") + "---\n" + CONFIG;
    assertThat(api.deployYaml("dropping", both).statusCode()).isEqualTo(200);
    await().atMost(Duration.ofSeconds(30)).until(() -> watches.scope().contains(doohickey));

    var warnings = warnings();
    try {
      assertThat(api.deployYaml("dropping", CONFIG).statusCode()).isEqualTo(200);

      await().atMost(Duration.ofSeconds(30)).until(() -> !watches.scope().contains(doohickey));
      assertThat(watches.scope()).contains(configMaps);
      await()
          .during(RESCOPE.multipliedBy(2))
          .atMost(Duration.ofMillis(2 * RESCOPE.toMillis() + 5_000))
          .until(() -> !watches.scope().contains(doohickey));
      assertThat(mentions(warnings, "Doohickey")).isEmpty();
    } finally {
      detach(warnings);
    }
  }

  private static List<String> mentions(ListAppender<ILoggingEvent> warnings, String kind) {
    return warnings.list.stream()
        .filter(event -> event.getLevel().isGreaterOrEqual(Level.WARN))
        .map(ILoggingEvent::getFormattedMessage)
        .filter(message -> message.contains(kind))
        .toList();
  }

  /** WARN and above of the watches (a kind that cannot be watched, a watch that stopped). */
  private static ListAppender<ILoggingEvent> warnings() {
    var appender = new ListAppender<ILoggingEvent>();
    appender.start();
    ((Logger) LoggerFactory.getLogger("io.driftless.command.cluster")).addAppender(appender);
    return appender;
  }

  private static void detach(ListAppender<ILoggingEvent> appender) {
    ((Logger) LoggerFactory.getLogger("io.driftless.command.cluster")).detachAppender(appender);
  }
}
