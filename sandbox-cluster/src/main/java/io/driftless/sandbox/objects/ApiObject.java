package io.driftless.sandbox.objects;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A stored object and its API path ({@code /apis/apps/v1/namespaces/x/deployments/y}), as the
 * sandbox's controllers and admission read them: a copy, free to change.
 */
public record ApiObject(String path, ObjectNode object) {

  public ObjectType type() {
    return ObjectType.of(object);
  }

  public String namespace() {
    return Nodes.text(object, "metadata", "namespace");
  }

  public String name() {
    return Nodes.text(object, "metadata", "name");
  }
}
