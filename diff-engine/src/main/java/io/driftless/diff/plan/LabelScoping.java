package io.driftless.diff.plan;

import java.util.Map;

/**
 * kapp's label scoping for one plan: the labels that scope the app's label selectors (Driftless
 * passes its app label, {@code driftless.io/app}), and whether kapp's built-in rules apply (kapp's
 * {@code --default-label-scoping-rules}; the Config documents' own {@code labelScopingRules} apply
 * either way). See {@link ScopedLabels} for what is scoped, and when.
 *
 * @param labels the labels to add, at least one
 * @param defaultRules whether kapp's default rules ({@code isDefault: true}) apply
 */
public record LabelScoping(Map<String, String> labels, boolean defaultRules) {

  /** Copies the labels and checks there is one. */
  public LabelScoping {
    labels = Map.copyOf(labels);
    if (labels.isEmpty()) {
      throw new IllegalArgumentException("Label scoping needs a label");
    }
  }
}
