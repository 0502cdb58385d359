package io.driftless.diff.resources;

import java.util.List;
import java.util.Objects;

/**
 * A deploy body {@link ManifestParser} refuses. The message is one sentence for a person; {@link
 * #details()} names every offending document, e.g. {@code document 3: metadata.name is missing} or
 * {@code apps/Deployment/default/x: declared twice (documents 1 and 4)}. Nothing in a message or
 * detail quotes a field value other than names and namespaces, so Secret content never leaks
 * through an error.
 */
public final class ManifestException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** Why the body was refused; the HTTP layer maps each to a status. */
  public enum Reason {
    /** Not YAML/JSON, a document that is not a map, or a JSON body without a resources array. */
    UNPARSABLE,
    /** Parsable, but some resources break Kubernetes' rules or share a key. */
    INVALID,
    /** More resources than {@link ManifestLimits#maxResources()}. */
    TOO_MANY_RESOURCES,
    /** A resource larger than {@link ManifestLimits#maxObjectBytes()} (an API server's limit). */
    OBJECT_TOO_LARGE
  }

  private final Reason reason;
  private final List<String> details;

  /**
   * Creates the exception.
   *
   * @param reason why the body was refused
   * @param message one clear sentence
   * @param details one entry per problem, naming the document it is in
   */
  public ManifestException(Reason reason, String message, List<String> details) {
    super(message);
    this.reason = Objects.requireNonNull(reason, "reason");
    this.details = List.copyOf(details);
  }

  /**
   * A body whose maps and lists nest deeper than {@link ManifestLimits#maxNestingDepth()}: one
   * wording for YAML and JSON, whoever finds it (the parser, or a caller's earlier check).
   *
   * @param maxDepth the limit
   * @param detail where, e.g. {@code resources[0].spec.a: nested 101 levels deep}
   */
  public static ManifestException nestedTooDeep(int maxDepth, String detail) {
    return new ManifestException(
        Reason.UNPARSABLE,
        "The manifest nests maps and lists deeper than " + maxDepth + " levels.",
        List.of(detail));
  }

  /** Why the body was refused. */
  public Reason reason() {
    return reason;
  }

  /** One entry per problem, each naming the offending document. */
  public List<String> details() {
    return details;
  }
}
