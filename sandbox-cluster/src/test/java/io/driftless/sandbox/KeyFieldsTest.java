package io.driftless.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.client.server.mock.KubernetesAttributesExtractor;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link KeyFields}: an object is filed under the key fabric8 gives it when it parses the whole
 * object itself, whatever the object holds besides its key fields.
 */
class KeyFieldsTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @ParameterizedTest
  @ValueSource(
      strings = {
        """
        {"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a","namespace":"ns-1",\
        "labels":{"app":"x","kapp.k14s.io/app":"17","empty":""},"annotations":{"n":"1"}},\
        "data":{"k":"v"}}""",
        """
        {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","namespace":"d"},\
        "spec":{"replicas":2,"template":{"metadata":{"labels":{"app":"web"}}}},"status":{}}""",
        """
        {"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition",\
        "metadata":{"name":"certs.example.io","labels":{}},"spec":{"group":"example.io"}}""",
        """
        {"apiVersion":"v1","kind":"Namespace","metadata":{"name":"ns-1","labels":{"n":"1"}}}""",
        """
        {"apiVersion":"example.io/v1beta1","kind":"Cert","metadata":{"name":"c","namespace":"n",\
        "generateName":"c-","labels":{"a":"b","c":"d"}},"spec":{"x":[1,2,{"y":null}]}}""",
        """
        {"apiVersion":"v1","kind":"Secret","metadata":{"name":"s"}}""",
      })
  void fileTheObjectWhereFabric8Would(String json) throws Exception {
    var extractor = new KubernetesAttributesExtractor();
    var parsedByFabric8 = extractor.fromResource(json);
    var tree = JSON.readTree(json);
    var keyFields = KeyFields.of(tree);
    assertThat(extractor.extract(keyFields)).isEqualTo(parsedByFabric8);
    assertThat(keyFields.getKind()).isEqualTo(tree.get("kind").asText());
  }
}
