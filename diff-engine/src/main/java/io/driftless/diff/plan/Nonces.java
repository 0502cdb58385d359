package io.driftless.diff.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.resources.KappAnnotations;
import io.driftless.diff.resources.Resource;
import io.driftless.diff.resources.ResourceKey;
import java.util.ArrayList;
import java.util.List;

/**
 * kapp's {@code kapp.k14s.io/nonce} ({@code app/preparation.go}): every desired resource carrying
 * the annotation (the parser lets only {@code ""} through, as kapp does) gets a fresh value at each
 * deploy, so the resource differs from what is live and is updated every time; a Job with a nonce
 * runs again. The change's fields show the annotation ({@code
 * metadata.annotations["kapp.k14s.io/nonce"]}) going from the old value to the new one.
 *
 * <p>Without a fresh value ({@link PlanInput#nonce()} null) the live object's value is kept (else
 * the last-applied one), so a plan made outside a deploy shows no nonce change.
 */
final class Nonces {

  private Nonces() {}

  /** The desired resources with their nonces set; the same list when none has one. */
  static List<Resource> apply(PlanInput input) {
    if (input.desired().stream().noneMatch(Nonces::hasNonce)) {
      return input.desired();
    }
    var resources = new ArrayList<Resource>(input.desired().size());
    for (Resource resource : input.desired()) {
      String value = hasNonce(resource) ? value(input, resource.key()) : null;
      resources.add(value == null ? resource : withNonce(resource, value));
    }
    return resources;
  }

  private static boolean hasNonce(Resource resource) {
    return KappAnnotations.has(resource.object(), KappAnnotations.NONCE);
  }

  private static String value(PlanInput input, ResourceKey key) {
    if (input.nonce() != null) {
      return input.nonce();
    }
    String live = KappAnnotations.value(input.live().get(key), KappAnnotations.NONCE);
    return live.isEmpty()
        ? KappAnnotations.value(input.lastApplied().get(key), KappAnnotations.NONCE)
        : live;
  }

  private static Resource withNonce(Resource resource, String value) {
    ObjectNode copy = resource.object().deepCopy();
    copy.with("metadata").with("annotations").put(KappAnnotations.NONCE, value);
    return new Resource(resource.key(), resource.apiVersion(), copy);
  }
}
