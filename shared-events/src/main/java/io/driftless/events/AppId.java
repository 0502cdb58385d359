package io.driftless.events;

import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * An app's id, {@code <namespace>/<app>} (API.md): the App aggregate's id and the {@code appId} of
 * every event, which keep it as a string ({@link #toString()}). The one place that prints the form
 * and reads it back; {@link ResourceIds}' app-id methods are this type's.
 *
 * <p>{@link #of} checks nothing, as ids were always built from a request's path; {@link #parse}
 * wants exactly one {@code /} with text on either side. Whether both parts are DNS-1123 labels, as
 * the API requires of an app it accepts, is {@link #hasDnsLabels()}: each caller answers a failed
 * check in its own words.
 *
 * @param namespace the app's namespace
 * @param name the app's name
 */
public record AppId(String namespace, String name) {

  /** A DNS-1123 label: what the API accepts as a namespace or an app name. */
  private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?");

  /** The id of app {@code name} in {@code namespace}, unchecked. */
  public static AppId of(String namespace, String name) {
    return new AppId(namespace, name);
  }

  /**
   * Reads an id {@code namespace/app}.
   *
   * @throws IllegalArgumentException if {@code id} is not of that form
   */
  public static AppId parse(String id) {
    Objects.requireNonNull(id, "id");
    return tryParse(id)
        .orElseThrow(() -> new IllegalArgumentException("not an app id (namespace/app): " + id));
  }

  /** Reads an id {@code namespace/app}; empty for null or another form. */
  public static Optional<AppId> tryParse(String id) {
    if (id == null) {
      return Optional.empty();
    }
    var slash = id.indexOf('/');
    if (slash <= 0 || slash == id.length() - 1 || id.indexOf('/', slash + 1) >= 0) {
      return Optional.empty();
    }
    return Optional.of(new AppId(id.substring(0, slash), id.substring(slash + 1)));
  }

  /** Whether {@code text} is a DNS-1123 label (at most 63 characters): a valid part of an id. */
  public static boolean isDnsLabel(String text) {
    return text != null && DNS_LABEL.matcher(text).matches();
  }

  /** Whether both the namespace and the name are DNS-1123 labels, as the API requires. */
  public boolean hasDnsLabels() {
    return isDnsLabel(namespace) && isDnsLabel(name);
  }

  /** The id, {@code namespace/app}. */
  @Override
  public String toString() {
    return namespace + "/" + name;
  }
}
