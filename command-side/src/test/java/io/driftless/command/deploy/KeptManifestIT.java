package io.driftless.command.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.command.support.Api;
import io.driftless.command.support.TestCluster;
import io.driftless.diff.resources.ManifestFormat;
import io.driftless.diff.resources.ManifestParser;
import io.driftless.events.testing.LocalServices;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A body sent again is answered from the manifest kept for it ({@link ParsedBodies}), shared read
 * only by every plan, apply and record made from it: after deploys, redeploys, a dry run, an
 * outside edit put back, a reconcile and an update of every kind of change (a Secret's stringData,
 * a nonce, a versioned ConfigMap, scoped selectors, a CRD and its object, an HPA, a kapp Config),
 * the kept manifest is still exactly what the body parses to. Anything on the deploy path that
 * changed a tree of it in place fails here.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class KeptManifestIT {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static final String BODY =
      """
      apiVersion: apiextensions.k8s.io/v1
      kind: CustomResourceDefinition
      metadata:
        name: widgets.kept.example.com
      spec:
        group: kept.example.com
        scope: Namespaced
        names:
          plural: widgets
          singular: widget
          kind: Widget
        versions:
        - name: v1
          served: true
          storage: true
          schema:
            openAPIV3Schema:
              type: object
              x-kubernetes-preserve-unknown-fields: true
      ---
      apiVersion: kept.example.com/v1
      kind: Widget
      metadata:
        name: gear
      spec:
        size: 3
      ---
      apiVersion: v1
      kind: Secret
      metadata:
        name: creds
      stringData:
        password: hunter2
      ---
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: settings
        annotations:
          kapp.k14s.io/versioned: ""
      data:
        mode: fast
      ---
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: poked
        annotations:
          kapp.k14s.io/nonce: ""
      data:
        a: "1"
      ---
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: kept-web
      spec:
        replicas: 2
        selector:
          matchLabels:
            app: kept-web
        template:
          metadata:
            labels:
              app: kept-web
          spec:
            containers:
            - name: web
              image: nginx:1.27
              envFrom:
              - configMapRef:
                  name: settings
      ---
      apiVersion: v1
      kind: Service
      metadata:
        name: kept-web
      spec:
        selector:
          app: kept-web
        ports:
        - port: 80
      ---
      apiVersion: autoscaling/v2
      kind: HorizontalPodAutoscaler
      metadata:
        name: kept-web
      spec:
        scaleTargetRef:
          apiVersion: apps/v1
          kind: Deployment
          name: kept-web
        minReplicas: 2
        maxReplicas: 4
      ---
      apiVersion: kapp.k14s.io/v1alpha1
      kind: Config
      rebaseRules:
      - path: [data, extra]
        type: copy
        sources: [existing, new]
        resourceMatchers:
        - kindNamespaceNameMatcher: {kind: ConfigMap, namespace: default, name: poked}
      """;

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    registry.add("spring.datasource.url", () -> LocalServices.freshDatabase("driftless_kept_it"));
    registry.add("spring.datasource.username", LocalServices::jdbcUser);
    registry.add("spring.datasource.password", LocalServices::jdbcPassword);
    var kubeconfig = TestCluster.kubeconfig();
    registry.add("driftless.cluster.kubeconfig", () -> kubeconfig);
  }

  @LocalServerPort int port;
  @Autowired KubernetesClient cluster;
  @Autowired ParsedBodies bodies;
  @Autowired ManifestParser parser;

  private JsonNode ok(HttpResponse<String> response) throws Exception {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  @Test
  void theKeptManifestStaysWhatTheBodyParsesTo() throws Exception {
    var api = new Api(port);
    var kept = bodies.parse(BODY, ManifestFormat.YAML, "default");

    assertThat(ok(api.deployYaml("kept", BODY)).get("ops").get("create").asInt()).isEqualTo(8);
    var again = ok(api.deployYaml("kept", BODY));
    assertThat(again.get("ops").get("update").asInt()).as("the nonce ConfigMap").isEqualTo(1);
    ok(api.deploy("kept", BODY, "application/yaml", "?dryRun=true"));
    cluster
        .apps()
        .deployments()
        .inNamespace("default")
        .withName("kept-web")
        .edit(
            d -> {
              d.getSpec().getTemplate().getSpec().getContainers().get(0).setImage("nginx:edited");
              return d;
            });
    cluster
        .genericKubernetesResources("kept.example.com/v1", "Widget")
        .inNamespace("default")
        .withName("gear")
        .edit(
            w -> {
              w.setAdditionalProperty("spec", java.util.Map.of("size", 5));
              return w;
            });
    var putBack = ok(api.deployYaml("kept", BODY));
    assertThat(putBack.get("ops").get("update").asInt()).as(putBack.toString()).isEqualTo(3);
    ok(api.reconcile("kept"));
    ok(api.deployYaml("kept", BODY.replace("mode: fast", "mode: slow")));
    ok(api.deployYaml("kept", BODY));

    assertThat(bodies.parse(BODY, ManifestFormat.YAML, "default")).isSameAs(kept);
    var fresh = parser.parse(BODY, ManifestFormat.YAML, "default");
    assertThat(kept.configs()).isEqualTo(fresh.configs());
    assertThat(kept.resources()).hasSameSizeAs(fresh.resources());
    for (int i = 0; i < fresh.resources().size(); i++) {
      var resource = kept.resources().get(i);
      // named, not printed whole: compared as the body parses, field for field
      assertThat(resource.object().equals(fresh.resources().get(i).object()))
          .as("%s unchanged", resource.key().id())
          .isTrue();
    }
  }
}
