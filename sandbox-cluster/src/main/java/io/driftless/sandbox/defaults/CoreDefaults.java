package io.driftless.sandbox.defaults;

import static io.driftless.sandbox.objects.Nodes.defaultText;
import static io.driftless.sandbox.objects.Nodes.object;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/** Defaults of the core kinds without pod specs: Secrets and Namespaces. */
final class CoreDefaults {

  private CoreDefaults() {}

  /**
   * SetDefaults_Secret (type Opaque) and Convert_v1_Secret_To_core_Secret, which folds {@code
   * stringData} into {@code data} (base64, overriding a key in both) and never stores it.
   */
  static void secret(ObjectNode secret) {
    defaultText(secret, "type", "Opaque");
    var stringData = secret.remove("stringData");
    if (stringData != null && stringData.isObject() && stringData.size() > 0) {
      var data = object(secret, "data");
      stringData
          .fields()
          .forEachRemaining(
              entry ->
                  data.put(
                      entry.getKey(),
                      Base64.getEncoder()
                          .encodeToString(
                              entry.getValue().asText().getBytes(StandardCharsets.UTF_8))));
    }
  }

  /**
   * SetDefaults_Namespace (the {@code kubernetes.io/metadata.name} label), SetDefaults_
   * NamespaceStatus (phase Active) and the namespace strategy's PrepareForCreate finalizer.
   */
  static void namespace(ObjectNode namespace) {
    var metadata = object(namespace, "metadata");
    var name = metadata.path("name").asText("");
    if (!name.isEmpty()) {
      object(metadata, "labels").put("kubernetes.io/metadata.name", name);
    }
    var spec = object(namespace, "spec");
    if (!spec.has("finalizers")) {
      spec.putArray("finalizers").add("kubernetes");
    }
    defaultText(object(namespace, "status"), "phase", "Active");
  }
}
