package io.driftless.command.deploy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.cluster.ClusterGateway;
import io.driftless.command.plan.AggregateStates;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.diff.text.SecretMask;
import io.driftless.diff.text.SecretRedaction;
import io.driftless.events.ResourceIds;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/apps/{namespace}/{app}/live/{kind}/{name}?namespace=&apiVersion=} (docs/API.md,
 * "Live objects"): one object of the app as the cluster has it now, read through the command side
 * (the only door to the cluster) for the history page's "live beside desired". Role {@code viewer}
 * (web-security's rule for every {@code GET} under {@code /api}). Only an object of the app's
 * resource set is read: any other is {@code 404 not_found}, so the endpoint reads no object the app
 * does not own. A Secret's {@code data} and {@code stringData} values show as {@code <-- value not
 * shown (#N)} (the diff engine's mask, as the time-travel answers show Secrets), and so does its
 * {@code kubectl.kubernetes.io/last-applied-configuration}; {@code metadata.managedFields} is kept
 * (the field managers). Nothing is written or recorded.
 */
@RestController
class LiveController {

  private final AggregateStates states;
  private final ClusterGateway cluster;

  LiveController(AggregateStates states, ClusterGateway cluster) {
    this.states = states;
    this.cluster = cluster;
  }

  @GetMapping(
      path = "/api/apps/{namespace}/{app}/live/{kind}/{name}",
      produces = MediaType.APPLICATION_JSON_VALUE)
  String live(
      @PathVariable String namespace,
      @PathVariable String app,
      @PathVariable String kind,
      @PathVariable String name,
      @RequestParam(name = "namespace", required = false) String objectNamespace,
      @RequestParam(name = "apiVersion", required = false) String apiVersion) {
    AppNames.check(namespace, app);
    if (apiVersion == null || apiVersion.isBlank()) {
      throw new BadParameterException(
          "Query parameter apiVersion is required (e.g. apps/v1).",
          List.of("apiVersion: required"));
    }
    var appId = ResourceIds.appId(namespace, app);
    var key =
        new ResourceKey(
            ResourceKey.groupOf(apiVersion),
            kind,
            objectNamespace == null ? "" : objectNamespace,
            name);
    var state = states.app(appId);
    if (!state.exists() || !state.resources().containsKey(key.id())) {
      throw new LiveObjectNotFoundException(
          "App " + appId + " does not own " + key.id() + " (not in its resource set).");
    }
    var object =
        cluster
            .get(key, apiVersion)
            .orElseThrow(
                () ->
                    new LiveObjectNotFoundException(
                        "The cluster has no " + key.id() + " (app " + appId + " owns it)."));
    // the tree as text: Spring's converters are Jackson 3's, the cluster's trees Jackson 2's
    return masked(object).toString();
  }

  private static ObjectNode masked(ObjectNode object) {
    return SecretRedaction.isSecret(object) ? SecretMask.maskPair(null, object).get(1) : object;
  }
}
