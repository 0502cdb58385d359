package io.driftless.command.apply.wait;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.diff.resources.ResourceKey;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/** kapp's wait conditions per kind ({@code pkg/kapp/resourcesmisc} in kapp's repository). */
class WaitRulesTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  @Test
  void deploymentWaitsForItsGenerationToBeObserved() {
    var state =
        check("apps", "Deployment", "{metadata: {generation: 2}, status: {observedGeneration: 1}}");
    assertThat(state).isEqualTo(WaitState.ongoing("Waiting for generation 2 to be observed"));
  }

  @Test
  void deploymentWaitsForUpdatedAvailableAndReadyReplicas() {
    var base = "{metadata: {generation: 1}, spec: {replicas: 3}, status: {observedGeneration: 1, ";
    assertThat(check("apps", "Deployment", base + "updatedReplicas: 1}}").message())
        .isEqualTo("Waiting for 2 replicas to be updated");
    assertThat(
            check("apps", "Deployment", base + "updatedReplicas: 3, unavailableReplicas: 2}}")
                .message())
        .isEqualTo("Waiting for 2 unavailable replicas");
    assertThat(
            check("apps", "Deployment", base + "updatedReplicas: 3, readyReplicas: 1}}").message())
        .isEqualTo("Waiting for 2/3 replicas to be ready");
    assertThat(
            check(
                "apps",
                "Deployment",
                base + "updatedReplicas: 3, readyReplicas: 3, availableReplicas: 3}}"))
        .isEqualTo(WaitState.ok());
  }

  @Test
  void deploymentThatStoppedProgressingFails() {
    var state =
        check(
            "apps",
            "Deployment",
            "{metadata: {generation: 1}, status: {observedGeneration: 1, conditions: [{type:"
                + " Progressing, status: 'False', reason: ProgressDeadlineExceeded, message: too"
                + " slow}]}}");
    assertThat(state)
        .isEqualTo(
            WaitState.failed(
                "Deployment is not progressing: ProgressDeadlineExceeded (message: too slow)"));
  }

  @Test
  void statefulSetCountsOnlyReplicasAboveItsPartition() {
    var set =
        "{metadata: {generation: 1}, spec: {replicas: 3, updateStrategy: {type: RollingUpdate,"
            + " rollingUpdate: {partition: 1}}}, status: {observedGeneration: 1,";
    assertThat(check("apps", "StatefulSet", set + " updatedReplicas: 1}}").message())
        .isEqualTo("Waiting for 1 replicas to be updated (updating only 2 of 3 total)");
    assertThat(
            check("apps", "StatefulSet", set + " updatedReplicas: 2, readyReplicas: 2}}").message())
        .isEqualTo("Waiting for 1 replicas to be ready");
    assertThat(
            check(
                    "apps",
                    "StatefulSet",
                    set + " updatedReplicas: 2, readyReplicas: 3, replicas: 4}}")
                .message())
        .isEqualTo("Waiting for 1 replicas to be deleted");
    assertThat(
            check(
                "apps",
                "StatefulSet",
                set + " updatedReplicas: 2, readyReplicas: 3, replicas: 3}}"))
        .isEqualTo(WaitState.ok());
  }

  @Test
  void daemonSetWaitsForScheduledAndAvailablePods() {
    var set =
        "{metadata: {generation: 4}, status: {observedGeneration: 4, desiredNumberScheduled: 2,";
    assertThat(check("apps", "DaemonSet", set + " updatedNumberScheduled: 1}}").message())
        .isEqualTo("Waiting for 1 updated pods to be scheduled");
    assertThat(
            check("apps", "DaemonSet", set + " updatedNumberScheduled: 2, numberUnavailable: 1}}")
                .message())
        .isEqualTo("Waiting for 1 unavailable pods");
    assertThat(check("apps", "DaemonSet", set + " updatedNumberScheduled: 2}}"))
        .isEqualTo(WaitState.ok());
  }

  @Test
  void jobCompletesOrFailsByItsConditions() {
    assertThat(check("batch", "Job", "{status: {active: 1}}"))
        .isEqualTo(WaitState.ongoing("Waiting to complete (1 active, 0 failed, 0 succeeded)"));
    assertThat(check("batch", "Job", "{status: {conditions: [{type: Complete, status: 'True'}]}}"))
        .isEqualTo(WaitState.ok("Completed"));
    assertThat(
            check(
                "batch",
                "Job",
                "{status: {failed: 2, conditions: [{type: Failed, status: 'True', reason:"
                    + " BackoffLimitExceeded, message: Job has reached the specified backoff"
                    + " limit}]}}"))
        .isEqualTo(
            WaitState.failed(
                "Failed with reason BackoffLimitExceeded: Job has reached the specified backoff"
                    + " limit"));
  }

  @Test
  void crdWaitsUntilEstablishedAndNamesAccepted() {
    var crd = "apiextensions.k8s.io";
    assertThat(check(crd, "CustomResourceDefinition", "{}").message())
        .isEqualTo("Condition Established is not set");
    assertThat(
            check(
                    crd,
                    "CustomResourceDefinition",
                    "{status: {conditions: [{type: Established, status: 'False'}]}}")
                .message())
        .isEqualTo("Condition Established is not True (False)");
    assertThat(
            check(
                crd,
                "CustomResourceDefinition",
                "{status: {conditions: [{type: Established, status: 'True'}, {type: NamesAccepted,"
                    + " status: 'True'}]}}"))
        .isEqualTo(WaitState.ok());
  }

  @Test
  void namespaceWaitsUntilActive() {
    assertThat(check("", "Namespace", "{status: {phase: Terminating}}").done()).isFalse();
    assertThat(check("", "Namespace", "{status: {phase: Active}}")).isEqualTo(WaitState.ok());
  }

  @Test
  void loadBalancerServiceWaitsForAnIngressAddress() {
    var lb = "{spec: {type: LoadBalancer, clusterIP: 10.96.0.5}";
    assertThat(check("", "Service", lb + "}"))
        .isEqualTo(WaitState.ongoing("Load balancer ingress is empty"));
    assertThat(check("", "Service", lb + ", status: {loadBalancer: {ingress: [{ip: 1.2.3.4}]}}}"))
        .isEqualTo(WaitState.ok());
    assertThat(check("", "Service", "{spec: {type: ClusterIP, clusterIP: 10.96.0.6}}"))
        .isEqualTo(WaitState.ok());
    assertThat(check("", "Service", "{spec: {type: ExternalName}}").done()).isTrue();
  }

  @Test
  void everyOtherKindIsDoneAtOnce() {
    assertThat(check("", "ConfigMap", "{}")).isEqualTo(WaitState.ok());
    assertThat(check("", "Pod", "{status: {phase: Pending}}")).isEqualTo(WaitState.ok());
    assertThat(check("example.com", "Deployment", "{metadata: {generation: 2}}"))
        .isEqualTo(WaitState.ok());
  }

  @Test
  void durationsPrintAsGoDoes() {
    assertThat(GoDurations.format(Duration.ofMinutes(15))).isEqualTo("15m0s");
    assertThat(GoDurations.format(Duration.ofSeconds(2))).isEqualTo("2s");
    assertThat(GoDurations.format(Duration.ofMillis(500))).isEqualTo("500ms");
    assertThat(GoDurations.format(Duration.ofMinutes(90))).isEqualTo("1h30m0s");
    assertThat(GoDurations.format(Duration.ofMillis(1500))).isEqualTo("1.5s");
  }

  private static WaitState check(String group, String kind, String yaml) {
    JsonNode object = MAPPER.valueToTree(new Yaml().load(yaml));
    return WaitRules.of(new ResourceKey(group, kind, "default", "x")).check(object);
  }
}
