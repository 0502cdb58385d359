package io.driftless.command.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.diff.resources.GroupKind;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Custom kinds are found from the cluster's CRDs of either form (issue 25, point 3): a cluster that
 * serves CRDs only at {@code apiextensions.k8s.io/v1beta1} (a mock API server that answers 404 at
 * {@code v1}, as a 1.15 cluster does) still tells the plural and scope of a kind its {@code
 * v1beta1} CRD declares; a cluster serving neither has no such kind.
 */
class CustomKindsTest {

  private static final String V1 = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
  private static final String V1BETA1 =
      "/apis/apiextensions.k8s.io/v1beta1/customresourcedefinitions";

  // cf-for-k8s v0.2.0's form: spec.version alone, no spec.versions.
  private static final String OLD_CRD =
      """
      {"apiVersion": "apiextensions.k8s.io/v1beta1", "kind": "CustomResourceDefinition",
       "metadata": {"name": "images.kpack.io"},
       "spec": {"group": "kpack.io", "version": "v1alpha1", "scope": "Cluster",
                "names": {"kind": "Image", "plural": "images"}}}
      """;

  private KubernetesMockServer server;
  private KubernetesClient client;
  private CustomKinds kinds;

  @BeforeEach
  void start() {
    server = new KubernetesMockServer(false);
    server.init();
    client = server.createClient();
    kinds = new CustomKinds(client);
  }

  @AfterEach
  void stop() {
    client.close();
    server.destroy();
  }

  @Test
  void aKindOfAV1beta1CrdIsFoundByNameWhereV1IsNotServed() {
    server.expect().get().withPath(V1BETA1 + "/images.kpack.io").andReturn(200, OLD_CRD).once();

    var known = kinds.resolve(new GroupKind("kpack.io", "Image"));

    assertThat(known).contains(new CustomKinds.Known("images", false));
  }

  @Test
  void aKindOfAV1beta1CrdIsFoundInTheListWhenItsPluralIsNotTheGuessedOne() {
    var list =
        "{\"apiVersion\": \"apiextensions.k8s.io/v1beta1\", \"kind\":"
            + " \"CustomResourceDefinitionList\", \"items\": ["
            + OLD_CRD.replace("\"Image\"", "\"Picture\"")
            + "]}";
    server.expect().get().withPath(V1BETA1).andReturn(200, list).once();

    var known = kinds.resolve(new GroupKind("kpack.io", "Picture"));

    assertThat(known).contains(new CustomKinds.Known("images", false));
  }

  @Test
  void aKindNoCrdDeclaresAtEitherVersionIsUnknown() {
    assertThat(kinds.resolve(new GroupKind("nowhere.example", "Widget"))).isEmpty();
  }
}
