package io.driftless.diff.resources;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * SnakeYAML's safe constructor (plain maps, lists and scalars; no arbitrary classes) that keeps
 * timestamps as the strings they were written as. Kubernetes reads YAML as JSON, where {@code
 * 2026-11-01T10:00:00Z} is a string; turning it into a {@code Date} would change its text.
 */
final class KubernetesYamlConstructor extends SafeConstructor {

  KubernetesYamlConstructor(LoaderOptions options) {
    super(options);
    yamlConstructors.put(Tag.TIMESTAMP, new ConstructYamlStr());
  }
}
