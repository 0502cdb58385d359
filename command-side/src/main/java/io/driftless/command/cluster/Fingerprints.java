package io.driftless.command.cluster;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.driftless.command.ownership.AppLabels;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The rule of what a watch event must change to ask for a reconcile (issue 12 point 4), as a {@link
 * Fingerprint} of the object: {@code metadata.generation}, and a hash of the uid (a recreated
 * object is another object), the labels, the annotations and, only for kinds without a generation
 * (ConfigMaps, Secrets, Services, RBAC: their generation stays 0), the content outside {@code
 * metadata} and {@code status}. Left out, so they never trigger: {@code status}, {@code
 * resourceVersion}, {@code managedFields}, timestamps, and the annotations the cluster's own
 * controllers write ({@link #CONTROLLER_ANNOTATIONS}: the Deployment controller's {@code
 * deployment.kubernetes.io/revision} follows every template change, an autoscaling/v1 HPA keeps its
 * status in annotations).
 *
 * <p>The hash is SHA-256 over a random per-process salt, cut to 64 bits: it exists only in memory,
 * and a Secret's content cannot be tested against it from outside the process.
 */
final class Fingerprints {

  /** Annotation key prefixes the cluster's controllers write; changes there are not drift. */
  static final List<String> CONTROLLER_ANNOTATIONS =
      List.of(
          "deployment.kubernetes.io/",
          "autoscaling.alpha.kubernetes.io/",
          "control-plane.alpha.kubernetes.io/",
          "endpoints.kubernetes.io/",
          "pv.kubernetes.io/",
          "volume.kubernetes.io/",
          "volume.beta.kubernetes.io/");

  private static final ObjectMapper SORTED =
      new ObjectMapper().configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);

  private final byte[] salt;

  Fingerprints() {
    this.salt = new byte[16];
    new SecureRandom().nextBytes(salt);
  }

  /** The object's owner by its {@code driftless.io/app-id} annotation; null when it has none. */
  static String appId(GenericKubernetesResource object) {
    var annotations = object.getMetadata().getAnnotations();
    return annotations == null ? null : annotations.get(AppLabels.APP_ID);
  }

  /** The object's fingerprint, owned by {@code appId}. */
  Fingerprint of(GenericKubernetesResource object, String appId) {
    var metadata = object.getMetadata();
    var generation = metadata.getGeneration() == null ? 0L : metadata.getGeneration();
    var digest = sha256();
    digest.update(salt);
    update(digest, "uid", String.valueOf(metadata.getUid()));
    update(digest, "labels", sorted(metadata.getLabels(), false));
    update(digest, "annotations", sorted(metadata.getAnnotations(), true));
    if (generation == 0) {
      var content = new TreeMap<>(object.getAdditionalProperties());
      content.remove("status");
      update(digest, "content", json(content));
    }
    return new Fingerprint(appId, generation, ByteBuffer.wrap(digest.digest()).getLong());
  }

  private static String sorted(Map<String, String> map, boolean annotations) {
    if (map == null || map.isEmpty()) {
      return "";
    }
    var text = new StringBuilder();
    for (var entry : new TreeMap<>(map).entrySet()) {
      if (annotations && controllerWritten(entry.getKey())) {
        continue;
      }
      text.append(entry.getKey().length()).append(':').append(entry.getKey());
      var value = String.valueOf(entry.getValue());
      text.append(value.length()).append(':').append(value);
    }
    return text.toString();
  }

  static boolean controllerWritten(String annotation) {
    for (var prefix : CONTROLLER_ANNOTATIONS) {
      if (annotation.startsWith(prefix)) {
        return true;
      }
    }
    return false;
  }

  private static void update(MessageDigest digest, String part, String text) {
    var bytes = text.getBytes(StandardCharsets.UTF_8);
    digest.update(part.getBytes(StandardCharsets.UTF_8));
    digest.update(ByteBuffer.allocate(4).putInt(bytes.length).array());
    digest.update(bytes);
  }

  private static String json(Object content) {
    try {
      return SORTED.writeValueAsString(content);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("an object from the cluster does not serialise", e);
    }
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JVM has no SHA-256", e);
    }
  }
}
