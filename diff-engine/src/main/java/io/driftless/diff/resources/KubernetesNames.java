package io.driftless.diff.resources;

import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/** The API server's name rules, as far as Driftless checks them before applying. */
final class KubernetesNames {

  private static final int MAX_LABEL = 63;
  private static final int MAX_SUBDOMAIN = 253;
  private static final Pattern LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
  private static final Pattern SUBDOMAIN =
      Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
  private static final String RBAC = "rbac.authorization.k8s.io";
  private static final Set<String> RBAC_KINDS =
      Set.of("Role", "ClusterRole", "RoleBinding", "ClusterRoleBinding");
  private static final Set<String> LABEL_NAMED_KINDS = Set.of("Namespace", "Service");

  static final String LABEL_RULE =
      "a DNS-1123 label: lowercase letters, digits and '-', starting and ending with a letter or"
          + " digit, at most 63 characters";
  static final String SUBDOMAIN_RULE =
      "a DNS-1123 subdomain: lowercase letters, digits, '-' and '.', starting and ending with a"
          + " letter or digit, at most 253 characters";
  static final String PATH_SEGMENT_RULE =
      "not '.' or '..', and only letters, digits and the characters - . _ ~ ! $ & ' ( ) * + , ; ="
          + " : @ (no '/', '%', '?', '#', space or other character a URL path would have to escape)";
  // RFC 3986's pchar without '%': what a path segment carries unescaped. Kubernetes takes any
  // segment without '/' and '%' (ValidatePathSegmentName); the rest would have to be escaped in the
  // request path, and a '?' or '#' sent unescaped ends the path.
  private static final Pattern PATH_SEGMENT = Pattern.compile("[A-Za-z0-9._~!$&'()*+,;=:@-]+");

  private KubernetesNames() {}

  /** Whether the value is a DNS-1123 label (the length is checked before the pattern runs). */
  static boolean isLabel(String value) {
    return value.length() <= MAX_LABEL && LABEL.matcher(value).matches();
  }

  static boolean isSubdomain(String value) {
    return value.length() <= MAX_SUBDOMAIN && SUBDOMAIN.matcher(value).matches();
  }

  static boolean isPathSegment(String value) {
    return !value.equals(".") && !value.equals("..") && PATH_SEGMENT.matcher(value).matches();
  }

  /** The rule a name of this kind breaks, or empty when the name is valid. */
  static Optional<String> brokenNameRule(GroupKind type, String name) {
    if (RBAC.equals(type.group()) && RBAC_KINDS.contains(type.kind())) {
      return isPathSegment(name) ? Optional.empty() : Optional.of(PATH_SEGMENT_RULE);
    }
    if (type.group().isEmpty() && LABEL_NAMED_KINDS.contains(type.kind())) {
      return isLabel(name) ? Optional.empty() : Optional.of(LABEL_RULE);
    }
    return isSubdomain(name) ? Optional.empty() : Optional.of(SUBDOMAIN_RULE);
  }
}
