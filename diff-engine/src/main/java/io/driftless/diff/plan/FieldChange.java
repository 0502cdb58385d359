package io.driftless.diff.plan;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/**
 * One changed field of a resource.
 *
 * <p>{@code path} follows the path syntax of {@code shared/diff-cases/README.md}: map keys joined
 * by dots, keys holding {@code .}, {@code [}, {@code ]} or {@code "} quoted ({@code
 * metadata.annotations["deployment.kubernetes.io/revision"]}), list items matched by their merge
 * key ({@code spec.template.spec.containers[name=nginx].image}). A whole subtree or list item that
 * is added or removed is one change at its own path.
 *
 * <p>Values are the compared (normalised) values: Secret data appear as {@code sha256:} hashes,
 * never in clear. {@code from} or {@code to} is Java {@code null} when the field is absent on that
 * side; a JSON null is never reported because null counts as absent.
 *
 * @param path where the field is
 * @param from the old value, null when the field is added
 * @param to the new value, null when the field is removed
 * @param decidedBy what decided the new value: {@code desired} in v1; later also {@code
 *     last-applied}, {@code live} or {@code rebase:<rule>}
 */
public record FieldChange(String path, JsonNode from, JsonNode to, String decidedBy) {

  /** The desired object decided the value. */
  public static final String DESIRED = "desired";

  /** Checks that path and decidedBy are set and at least one side is present. */
  public FieldChange {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(decidedBy, "decidedBy");
    if (from == null && to == null) {
      throw new IllegalArgumentException("A field change needs a from or a to value: " + path);
    }
  }
}
