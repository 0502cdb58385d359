package io.driftless.diff.resources;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The rules for the parts of a resource's type that become parts of a cluster request's path
 * ({@code /apis/<group>/<version>/namespaces/<namespace>/<plural>/<name>}): Kubernetes' own, as
 * apimachinery checks a group, version and kind it is given (a ValidatingAdmissionPolicy's {@code
 * paramKind}, an APIService, a CRD's names): the group a DNS-1123 subdomain, the version a DNS-1035
 * label ({@code v1}, {@code v1beta1}), at most one {@code /} between them; the kind, lower-cased, a
 * DNS-1035 label ({@code ConfigMap}, {@code Wid-get}); a CRD's plural a DNS-1035 label. None of
 * them can hold {@code /}, {@code .} (but a group's dots), {@code ?}, {@code #}, {@code %} or a
 * space, so none can steer the path. Stricter than Kubernetes in one place: the kind must be ASCII
 * as it is (Go lower-cases the Kelvin sign to {@code k}; no real kind has one).
 *
 * <p>Names: DNS names are checked by {@link KubernetesNames}; the names Kubernetes takes as any
 * path segment (RBAC) are held there to the characters a path segment may carry unescaped.
 */
public final class ResourceTypes {

  private static final int MAX_LABEL = 63;
  private static final Pattern DNS_1035_LABEL = Pattern.compile("[a-z]([-a-z0-9]*[a-z0-9])?");
  private static final Pattern KIND = Pattern.compile("[A-Za-z]([-A-Za-z0-9]*[A-Za-z0-9])?");

  static final String KIND_RULE =
      "letters, digits and '-', starting with a letter and ending with a letter or digit, at most"
          + " 63 characters (Kubernetes' rule for kinds)";
  static final String VERSION_RULE =
      "a DNS-1035 label such as v1 or v1beta1: lowercase letters, digits and '-', starting with a"
          + " letter, at most 63 characters";
  static final String API_VERSION_RULE =
      "<version> or <group>/<version>: the group "
          + KubernetesNames.SUBDOMAIN_RULE
          + ", the version "
          + VERSION_RULE;
  static final String PLURAL_RULE =
      "a DNS-1035 label: lowercase letters, digits and '-', starting with a letter, at most 63"
          + " characters";

  private ResourceTypes() {}

  /** Whether {@code kind} is a kind Kubernetes would take. */
  public static boolean isKind(String kind) {
    return kind != null && kind.length() <= MAX_LABEL && KIND.matcher(kind).matches();
  }

  /** Whether {@code version} is an API version such as {@code v1} or {@code v1beta1}. */
  public static boolean isVersion(String version) {
    return isDns1035Label(version);
  }

  /** Whether {@code group} is an API group: empty (the core group) or a DNS-1123 subdomain. */
  public static boolean isGroup(String group) {
    return group != null && (group.isEmpty() || KubernetesNames.isSubdomain(group));
  }

  /** Whether {@code apiVersion} is {@code <version>} or {@code <group>/<version>}, both valid. */
  public static boolean isApiVersion(String apiVersion) {
    if (apiVersion == null) {
      return false;
    }
    int slash = apiVersion.indexOf('/');
    if (slash < 0) {
      return isVersion(apiVersion);
    }
    var group = apiVersion.substring(0, slash);
    return !group.isEmpty() && isGroup(group) && isVersion(apiVersion.substring(slash + 1));
  }

  /** Whether {@code plural} is a resource's plural name ({@code configmaps}, {@code widgets}). */
  public static boolean isPlural(String plural) {
    return isDns1035Label(plural);
  }

  /** Whether {@code namespace} may be a path part: empty (cluster-scoped) or a DNS-1123 label. */
  public static boolean isNamespace(String namespace) {
    return namespace != null && (namespace.isEmpty() || KubernetesNames.isLabel(namespace));
  }

  /** Whether {@code name} is one path segment that needs no escaping ({@link KubernetesNames}). */
  public static boolean isPathSafeName(String name) {
    return name != null && !name.isEmpty() && KubernetesNames.isPathSegment(name);
  }

  /** The problems of an object's apiVersion and kind, each a sentence part naming the field. */
  static List<String> problems(String apiVersion, String kind) {
    var problems = new ArrayList<String>();
    if (!isApiVersion(apiVersion)) {
      problems.add(
          "apiVersion " + quote(apiVersion) + " is not valid; it must be " + API_VERSION_RULE);
    }
    if (!isKind(kind)) {
      problems.add("kind " + quote(kind) + " is not valid; it must be " + KIND_RULE);
    }
    return problems;
  }

  /**
   * The problems of what a CustomResourceDefinition declares that a path is made of: {@code
   * spec.group}, {@code spec.names.plural}, {@code spec.names.kind} (each checked when present);
   * none for other objects.
   */
  static List<String> crdProblems(JsonNode object) {
    if (!CustomResourceDefinitions.isCrd(object)) {
      return List.of();
    }
    var problems = new ArrayList<String>();
    var spec = object.path("spec");
    var group = spec.get("group");
    if (group != null
        && !(group.isTextual() && !group.textValue().isEmpty() && isGroup(group.textValue()))) {
      problems.add(
          "spec.group "
              + quote(group.asText())
              + " is not valid; it must be "
              + KubernetesNames.SUBDOMAIN_RULE);
    }
    var plural = spec.path("names").get("plural");
    if (plural != null && !(plural.isTextual() && isPlural(plural.textValue()))) {
      problems.add(
          "spec.names.plural "
              + quote(plural.asText())
              + " is not valid; it must be "
              + PLURAL_RULE);
    }
    var kind = spec.path("names").get("kind");
    if (kind != null && !(kind.isTextual() && isKind(kind.textValue()))) {
      problems.add(
          "spec.names.kind " + quote(kind.asText()) + " is not valid; it must be " + KIND_RULE);
    }
    return problems;
  }

  private static boolean isDns1035Label(String value) {
    return value != null && value.length() <= MAX_LABEL && DNS_1035_LABEL.matcher(value).matches();
  }

  /** Quotes a value for a message, cut short so a huge value cannot flood the response. */
  private static String quote(String value) {
    int max = 80;
    return "\"" + (value.length() > max ? value.substring(0, max) + "..." : value) + "\"";
  }
}
