package io.driftless.command.ownership;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.resources.ManifestException;
import io.driftless.diff.resources.Resource;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.events.AppId;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * The labels and the annotation that say which app an object belongs to, and how to put them on an
 * object, take them off, and read them back.
 *
 * <ul>
 *   <li>{@code driftless.io/app}: the app's stable id as a label value (at most 63 characters):
 *       {@code <app>.<namespace>} when that fits, which is unambiguous because neither part can
 *       hold a dot; otherwise the first 50 characters of it, {@code _} and the first 12 hex digits
 *       of the SHA-256 of {@code namespace/app}. A DNS label cannot hold {@code _}, so a shortened
 *       value never equals a readable one.
 *   <li>{@code driftless.io/association}: the resource, as kapp's {@code kapp.k14s.io/association}:
 *       {@code v1.} and the MD5 of {@code namespace/group/kind/name}.
 *   <li>annotation {@code driftless.io/app-id}: the app id {@code namespace/app} in full, so a
 *       takeover can name and record the app that loses the object whatever the label's length.
 * </ul>
 */
public final class AppLabels {

  /** The label holding the app's stable id. */
  public static final String APP = "driftless.io/app";

  /** The label identifying the resource, as kapp's {@code kapp.k14s.io/association}. */
  public static final String ASSOCIATION = "driftless.io/association";

  /** The annotation holding the app id {@code namespace/app}. */
  public static final String APP_ID = "driftless.io/app-id";

  /** Labels under this prefix are Driftless's own; a manifest may not set them. */
  public static final String PREFIX = "driftless.io/";

  private static final int MAX_VALUE = 63;
  private static final int HASH_DIGITS = 12;

  private AppLabels() {}

  /** The {@code driftless.io/app} value of an app id {@code namespace/app}. */
  public static String appLabel(String appId) {
    var id = AppId.parse(appId);
    var readable = id.name() + "." + id.namespace();
    if (readable.length() <= MAX_VALUE) {
      return readable;
    }
    var hash = hex("SHA-256", appId).substring(0, HASH_DIGITS);
    return readable.substring(0, MAX_VALUE - HASH_DIGITS - 1) + "_" + hash;
  }

  /** The {@code driftless.io/association} value of a resource. */
  public static String associationLabel(ResourceKey key) {
    var unique = key.namespace() + "/" + key.group() + "/" + key.kind() + "/" + key.name();
    return "v1." + hex("MD5", unique);
  }

  /** A copy of {@code object} carrying the app's labels and annotation. */
  public static ObjectNode labelled(ObjectNode object, String appId, ResourceKey key) {
    var copy = object.deepCopy();
    var metadata = copy.withObject("metadata");
    metadata.withObject("labels").put(APP, appLabel(appId)).put(ASSOCIATION, associationLabel(key));
    metadata.withObject("annotations").put(APP_ID, appId);
    return copy;
  }

  /**
   * A copy of {@code object} without Driftless's labels and annotation, so that they never count as
   * a difference; an emptied labels or annotations map goes too. Null stays null.
   */
  public static ObjectNode stripped(ObjectNode object) {
    if (object == null || !object.path("metadata").isObject()) {
      return object;
    }
    return strip(object.deepCopy());
  }

  /**
   * {@link #stripped} without the copy, for an object made for the caller alone (a last-applied
   * tree fresh from {@code ResourceState.lastAppliedTree}): takes the labels and annotation off
   * {@code fresh} itself and returns it.
   */
  public static ObjectNode strip(ObjectNode fresh) {
    if (fresh == null || !(fresh.get("metadata") instanceof ObjectNode metadata)) {
      return fresh;
    }
    if (metadata.get("labels") instanceof ObjectNode labels) {
      var ours = new ArrayList<String>();
      labels.fieldNames().forEachRemaining(name -> ours.add(name));
      ours.removeIf(name -> !name.startsWith(PREFIX));
      labels.remove(ours);
      if (labels.isEmpty()) {
        metadata.remove("labels");
      }
    }
    if (metadata.get("annotations") instanceof ObjectNode annotations) {
      annotations.remove(APP_ID);
      if (annotations.isEmpty()) {
        metadata.remove("annotations");
      }
    }
    return fresh;
  }

  /**
   * Refuses a manifest that sets Driftless's own labels ({@code driftless.io/...}) or annotation on
   * an object (422): they say which app owns the object, so only Driftless writes them.
   *
   * @throws ManifestException (INVALID) naming every such label and object
   */
  public static void refuseReserved(List<Resource> resources) {
    var problems = new ArrayList<String>();
    for (var resource : resources) {
      var metadata = resource.object().path("metadata");
      var described = OwnershipRules.describe(resource.key(), resource.apiVersion());
      metadata
          .path("labels")
          .fieldNames()
          .forEachRemaining(
              name -> {
                if (name.startsWith(PREFIX)) {
                  problems.add(described + ": label '" + name + "' is reserved for Driftless");
                }
              });
      if (metadata.path("annotations").has(APP_ID)) {
        problems.add(described + ": annotation '" + APP_ID + "' is reserved for Driftless");
      }
    }
    if (!problems.isEmpty()) {
      throw new ManifestException(
          ManifestException.Reason.INVALID,
          "the manifest sets labels that Driftless keeps for app ownership (driftless.io/);"
              + " remove them",
          problems);
    }
  }

  /** The owner an object's labels name, if it has the app label. */
  public static Optional<Owner> ownerOf(ObjectNode object) {
    var label = object.path("metadata").path("labels").path(APP);
    if (!label.isTextual()) {
      return Optional.empty();
    }
    var appId = object.path("metadata").path("annotations").path(APP_ID).asText(null);
    // The annotation counts only when it names the app the label stands for.
    var known = AppId.tryParse(appId).isPresent() && appLabel(appId).equals(label.asText());
    return Optional.of(new Owner(label.asText(), known ? appId : null));
  }

  private static String hex(String algorithm, String text) {
    try {
      var digest = MessageDigest.getInstance(algorithm);
      return HexFormat.of().formatHex(digest.digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(algorithm + " is required of every Java runtime", e);
    }
  }
}
