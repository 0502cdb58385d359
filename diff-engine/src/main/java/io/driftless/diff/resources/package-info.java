/**
 * Resources and manifests: turns a deploy body (YAML documents or JSON) into validated {@link
 * io.driftless.diff.resources.Resource}s with {@link io.driftless.diff.resources.ResourceKey}s,
 * knows Kubernetes' name rules and which kinds are cluster-scoped.
 *
 * <p>Owns parsing, validation, namespace defaulting and resource identity. Must not know how
 * resources are compared or applied (that is {@code plan}), nor the cluster, HTTP, storage or
 * events: it takes text and returns trees or a {@link
 * io.driftless.diff.resources.ManifestException}. Depends on Jackson 2 and SnakeYAML only.
 */
package io.driftless.diff.resources;
