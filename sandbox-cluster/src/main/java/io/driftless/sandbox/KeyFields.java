package io.driftless.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.objects.Nodes;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import java.util.LinkedHashMap;

/**
 * What fabric8 files an object under, taken from a tree already parsed: its apiVersion, kind, name,
 * namespace and labels ({@code KubernetesAttributesExtractor.extract} reads no more, and takes an
 * empty field as a missing one), so a write does not decode its whole new state again into
 * fabric8's model (a CRD's schema, say) only to find its key.
 */
final class KeyFields {

  private KeyFields() {}

  static GenericKubernetesResource of(JsonNode object) {
    var resource = new GenericKubernetesResource();
    resource.setApiVersion(Nodes.text(object, "apiVersion"));
    resource.setKind(Nodes.text(object, "kind"));
    var metadata = new ObjectMeta();
    metadata.setName(Nodes.text(object, "metadata", "name"));
    metadata.setNamespace(Nodes.text(object, "metadata", "namespace"));
    if (object.path("metadata").get("labels") instanceof ObjectNode labels) {
      var values = new LinkedHashMap<String, String>();
      // a null label value stays null, as fabric8's model reads it
      labels
          .properties()
          .forEach(
              label ->
                  values.put(
                      label.getKey(),
                      label.getValue().isNull() ? null : label.getValue().asText()));
      metadata.setLabels(values);
    }
    resource.setMetadata(metadata);
    return resource;
  }
}
