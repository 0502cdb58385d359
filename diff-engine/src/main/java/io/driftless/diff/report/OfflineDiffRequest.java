package io.driftless.diff.report;

import java.util.Objects;

/**
 * The files of an offline diff, as texts.
 *
 * @param desired the desired YAML: one resource, optionally with kapp Config documents
 * @param lastApplied the last-applied YAML object, or null (never applied)
 * @param live the live YAML object, or null (does not exist)
 * @param config kapp Config YAML documents, or null
 * @param recordedResourceVersion the live resourceVersion recorded right after the last apply, or
 *     null; when it equals the live object's, last-applied is the base of the compare
 * @param context unchanged lines around each change in the line diff
 * @param mask whether Secret values are masked in the line diff and the applied object
 */
public record OfflineDiffRequest(
    String desired,
    String lastApplied,
    String live,
    String config,
    String recordedResourceVersion,
    int context,
    boolean mask) {

  /** Checks that the desired text is set. */
  public OfflineDiffRequest {
    Objects.requireNonNull(desired, "desired");
  }
}
