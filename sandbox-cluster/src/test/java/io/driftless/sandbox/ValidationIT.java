package io.driftless.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.nio.file.Path;
import java.util.Set;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writes a real API server refuses where defaults and updates meet: 422 Invalid with a Status whose
 * message and causes read as the API server's, and nothing stored.
 */
class ValidationIT {

  @TempDir Path dir;

  private SandboxFixture cluster;

  @BeforeEach
  void start() {
    cluster = SandboxFixture.start(dir, Set.of());
  }

  @AfterEach
  void stop() {
    cluster.close();
  }

  @Test
  void aRecreateDeploymentWithRollingUpdateIsRefused() {
    refused(
        () -> cluster.create(deployment("Recreate", "{maxSurge: 1}", "app: web")),
        "Deployment.apps \"web\" is invalid: spec.strategy.rollingUpdate: Forbidden: may not be"
            + " specified when strategy `type` is 'Recreate'",
        "spec.strategy.rollingUpdate",
        "FieldValueForbidden");

    assertThat(cluster.client.apps().deployments().inNamespace("default").withName("web").get())
        .isNull();
  }

  @Test
  void switchingAStoredDeploymentToRecreateKeepsItsDefaultedRollingUpdateAndIsRefused() {
    cluster.create(deployment("RollingUpdate", null, "app: web"));
    var before = cluster.get(path()).at("/metadata/resourceVersion").asText();

    // a patch of the type alone meets the rollingUpdate the API server defaulted
    refused(
        () ->
            cluster
                .client
                .apps()
                .deployments()
                .inNamespace("default")
                .withName("web")
                .edit(d -> recreate(d)),
        "spec.strategy.rollingUpdate: Forbidden",
        "spec.strategy.rollingUpdate",
        "FieldValueForbidden");

    assertThat(cluster.get(path()).at("/metadata/resourceVersion").asText()).isEqualTo(before);
    assertThat(cluster.get(path()).at("/spec/strategy/type").asText()).isEqualTo("RollingUpdate");
  }

  @Test
  void aPutOfARecreateManifestWithoutRollingUpdateIsAccepted() {
    var created = cluster.create(deployment("RollingUpdate", null, "app: web"));

    put(created, deployment("Recreate", null, "app: web"));

    var stored = cluster.get(path());
    assertThat(stored.at("/spec/strategy/type").asText()).isEqualTo("Recreate");
    assertThat(stored.at("/spec/strategy").has("rollingUpdate")).isFalse();
    assertThat(stored.at("/metadata/generation").asInt()).isEqualTo(2);
  }

  @Test
  void aDeploymentSelectorIsImmutable() {
    var created = cluster.create(deployment("RollingUpdate", null, "app: web"));

    refused(
        () -> put(created, deployment("RollingUpdate", null, "app: web, tier: front")),
        "spec.selector: Invalid value: ",
        "spec.selector",
        "FieldValueInvalid");
  }

  @Test
  void aJobTemplateIsImmutable() {
    var job =
        """
        apiVersion: batch/v1
        kind: Job
        metadata: {name: migrate, namespace: default}
        spec:
          template:
            spec:
              restartPolicy: Never
              containers: [{name: migrate, image: "%s"}]
        """;
    cluster.create(job.formatted("migrate:1"));

    refused(
        () ->
            cluster
                .client
                .batch()
                .v1()
                .jobs()
                .inNamespace("default")
                .withName("migrate")
                .edit(
                    j -> {
                      j.getSpec().getTemplate().getSpec().getContainers().get(0).setImage("m:2");
                      return j;
                    }),
        "Job.batch \"migrate\" is invalid: spec.template: Invalid value: ",
        "spec.template",
        "FieldValueInvalid");
  }

  @Test
  void aJobWhosePodsRestartAlwaysIsRefused() {
    refused(
        () ->
            cluster.create(
                """
                apiVersion: batch/v1
                kind: Job
                metadata: {name: forever, namespace: default}
                spec:
                  template:
                    spec:
                      containers: [{name: c, image: "busybox:1.36"}]
                """),
        "spec.template.spec.restartPolicy: Unsupported value: \"Always\": supported values:"
            + " \"OnFailure\", \"Never\"",
        "spec.template.spec.restartPolicy",
        "FieldValueNotSupported");
  }

  @Test
  void aServiceClusterIpIsImmutable() {
    var created =
        cluster.create(
            """
            apiVersion: v1
            kind: Service
            metadata: {name: web, namespace: default}
            spec:
              ports: [{port: 80}]
            """);
    var changed =
        cluster
            .client
            .resource(
                """
                apiVersion: v1
                kind: Service
                metadata: {name: web, namespace: default}
                spec:
                  clusterIP: 10.100.0.1
                  ports: [{port: 80}]
                """)
            .item();

    refused(
        () -> put(created, changed),
        "Service \"web\" is invalid: spec.clusterIP: Invalid value: \"10.100.0.1\": field is"
            + " immutable",
        "spec.clusterIP",
        "FieldValueInvalid");
  }

  @Test
  void anImmutableConfigMapKeepsItsData() {
    var created =
        cluster.create(
            """
            apiVersion: v1
            kind: ConfigMap
            metadata: {name: frozen, namespace: default}
            immutable: true
            data: {a: "1"}
            """);
    var changed =
        cluster
            .client
            .resource(
                """
                apiVersion: v1
                kind: ConfigMap
                metadata: {name: frozen, namespace: default}
                immutable: true
                data: {a: "2"}
                """)
            .item();

    refused(
        () -> put(created, changed),
        "ConfigMap \"frozen\" is invalid: data: Forbidden: field is immutable when `immutable` is"
            + " set",
        "data",
        "FieldValueForbidden");
    assertThat(cluster.get("/api/v1/namespaces/default/configmaps/frozen").at("/data/a").asText())
        .isEqualTo("1");
  }

  @Test
  void anImmutableSecretStaysImmutable() {
    var created =
        cluster.create(
            """
            apiVersion: v1
            kind: Secret
            metadata: {name: frozen, namespace: default}
            immutable: true
            stringData: {a: "1"}
            """);
    var thawed =
        cluster
            .client
            .resource(
                """
                apiVersion: v1
                kind: Secret
                metadata: {name: frozen, namespace: default}
                immutable: false
                stringData: {a: "1"}
                """)
            .item();

    refused(
        () -> put(created, thawed),
        "Secret \"frozen\" is invalid: immutable: Forbidden: field is immutable when `immutable`"
            + " is set",
        "immutable",
        "FieldValueForbidden");
  }

  private void put(HasMetadata stored, HasMetadata manifest) {
    manifest.getMetadata().setResourceVersion(stored.getMetadata().getResourceVersion());
    cluster.client.resource(manifest).update();
  }

  private void put(HasMetadata stored, String manifest) {
    put(stored, cluster.client.resource(manifest).item());
  }

  private static void refused(ThrowingCallable write, String message, String field, String reason) {
    assertThatThrownBy(write)
        .isInstanceOfSatisfying(
            KubernetesClientException.class,
            e -> {
              assertThat(e.getCode()).isEqualTo(422);
              assertThat(e.getStatus().getReason()).isEqualTo("Invalid");
              assertThat(e.getStatus().getMessage()).contains(message);
              var cause = e.getStatus().getDetails().getCauses().get(0);
              assertThat(cause.getField()).isEqualTo(field);
              assertThat(cause.getReason()).isEqualTo(reason);
            });
  }

  private static Deployment recreate(Deployment deployment) {
    deployment.getSpec().getStrategy().setType("Recreate");
    return deployment;
  }

  private static String path() {
    return "/apis/apps/v1/namespaces/default/deployments/web";
  }

  private static String deployment(String strategy, String rollingUpdate, String selector) {
    return """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web, namespace: default}
        spec:
          strategy: {type: %s%s}
          selector: {matchLabels: {%s}}
          template:
            metadata: {labels: {app: web, tier: front}}
            spec:
              containers: [{name: web, image: "nginx:1.27"}]
        """
        .formatted(
            strategy, rollingUpdate == null ? "" : ", rollingUpdate: " + rollingUpdate, selector);
  }
}
