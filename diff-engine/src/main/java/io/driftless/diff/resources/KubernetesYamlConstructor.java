package io.driftless.diff.resources;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * SnakeYAML's safe constructor (plain maps, lists and scalars; no arbitrary classes) that keeps
 * timestamps as the strings they were written as. Kubernetes reads YAML as JSON, where {@code
 * 2026-11-01T10:00:00Z} is a string; turning it into a {@code Date} would change its text.
 *
 * <p>An explicit {@code !!bool} on a text that is no boolean ({@code !!bool perhaps}) is refused:
 * SnakeYAML's own constructor turns it into null.
 */
final class KubernetesYamlConstructor extends SafeConstructor {

  KubernetesYamlConstructor(LoaderOptions options) {
    super(options);
    yamlConstructors.put(Tag.TIMESTAMP, new ConstructYamlStr());
    yamlConstructors.put(Tag.BOOL, new StrictBool());
  }

  private final class StrictBool extends ConstructYamlBool {
    @Override
    public Object construct(Node node) {
      Object value = super.construct(node);
      if (value == null) {
        throw new YAMLException(
            "a !!bool value is not a boolean"
                + (node instanceof ScalarNode
                    ? " (line " + (node.getStartMark().getLine() + 1) + ")"
                    : ""));
      }
      return value;
    }
  }
}
