package io.driftless.sandbox.server;

import static io.driftless.sandbox.objects.ObjectType.CRD;
import static io.driftless.sandbox.objects.ObjectType.CRON_JOB;
import static io.driftless.sandbox.objects.ObjectType.DAEMON_SET;
import static io.driftless.sandbox.objects.ObjectType.DEPLOYMENT;
import static io.driftless.sandbox.objects.ObjectType.HPA;
import static io.driftless.sandbox.objects.ObjectType.INGRESS;
import static io.driftless.sandbox.objects.ObjectType.JOB;
import static io.driftless.sandbox.objects.ObjectType.MUTATING_WEBHOOKS;
import static io.driftless.sandbox.objects.ObjectType.NAMESPACE;
import static io.driftless.sandbox.objects.ObjectType.NETWORK_POLICY;
import static io.driftless.sandbox.objects.ObjectType.PDB;
import static io.driftless.sandbox.objects.ObjectType.POD;
import static io.driftless.sandbox.objects.ObjectType.REPLICA_SET;
import static io.driftless.sandbox.objects.ObjectType.SERVICE;
import static io.driftless.sandbox.objects.ObjectType.STATEFUL_SET;
import static io.driftless.sandbox.objects.ObjectType.VALIDATING_WEBHOOKS;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.objects.Nodes;
import io.driftless.sandbox.objects.ObjectType;
import java.util.Map;
import java.util.Set;

/**
 * What the registry strategies of Kubernetes 1.30 (pkg/registry/.../strategy.go) decide per kind:
 * whether an object has a {@code metadata.generation} and what bumps it, and whether it has a
 * status subresource (its status is then cleared on create, kept on update, written only through
 * {@code /status}) with the empty status the API server writes back.
 */
final class KindRules {

  /** Kinds whose strategy sets generation 1 on create and bumps it when the spec changes. */
  private static final Set<ObjectType> GENERATION =
      Set.of(
          DEPLOYMENT,
          STATEFUL_SET,
          DAEMON_SET,
          REPLICA_SET,
          JOB,
          CRON_JOB,
          PDB,
          INGRESS,
          NETWORK_POLICY,
          CRD,
          MUTATING_WEBHOOKS,
          VALIDATING_WEBHOOKS);

  /** The status each built-in kind with a status subresource has before a controller writes. */
  private static final Map<ObjectType, String> EMPTY_STATUS =
      Map.ofEntries(
          Map.entry(DEPLOYMENT, "{}"),
          Map.entry(REPLICA_SET, "{\"replicas\":0}"),
          Map.entry(STATEFUL_SET, "{\"replicas\":0,\"availableReplicas\":0}"),
          Map.entry(
              DAEMON_SET,
              "{\"currentNumberScheduled\":0,\"numberMisscheduled\":0,"
                  + "\"desiredNumberScheduled\":0,\"numberReady\":0}"),
          Map.entry(JOB, "{}"),
          Map.entry(CRON_JOB, "{}"),
          Map.entry(SERVICE, "{\"loadBalancer\":{}}"),
          Map.entry(INGRESS, "{\"loadBalancer\":{}}"),
          Map.entry(HPA, "{\"desiredReplicas\":0}"),
          Map.entry(
              PDB,
              "{\"disruptionsAllowed\":0,\"currentHealthy\":0,\"desiredHealthy\":0,"
                  + "\"expectedPods\":0}"),
          Map.entry(POD, "{\"phase\":\"Pending\"}"),
          Map.entry(CRD, "{\"acceptedNames\":{\"kind\":\"\",\"plural\":\"\"}}"),
          Map.entry(NAMESPACE, "{\"phase\":\"Active\"}"));

  private KindRules() {}

  /** Built-in kinds per their strategy; custom resources always (their strategy sets it). */
  static boolean hasGeneration(ObjectType type) {
    return !type.builtIn() || GENERATION.contains(type);
  }

  static boolean hasStatus(ObjectType type) {
    return EMPTY_STATUS.containsKey(type);
  }

  static ObjectNode emptyStatus(ObjectType type) {
    try {
      return (ObjectNode) Nodes.MAPPER.readTree(EMPTY_STATUS.get(type));
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Whether an update from {@code old} to {@code next} bumps the generation: any change outside
   * metadata and status; for Deployments also a change of annotations (the deployment strategy's
   * PrepareForUpdate: they are copied to ReplicaSets).
   */
  static boolean bumpsGeneration(ObjectType type, JsonNode old, JsonNode next) {
    if (type.equals(DEPLOYMENT)
        && !Nodes.same(
            old.path("metadata").path("annotations"), next.path("metadata").path("annotations"))) {
      return true;
    }
    var names = new java.util.HashSet<String>();
    old.fieldNames().forEachRemaining(names::add);
    next.fieldNames().forEachRemaining(names::add);
    names.removeAll(Set.of("metadata", "status"));
    return names.stream().anyMatch(name -> !Nodes.same(old.path(name), next.path(name)));
  }
}
