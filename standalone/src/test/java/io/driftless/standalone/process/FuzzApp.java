package io.driftless.standalone.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.IntStream;

/**
 * One app the fuzz test deploys, in namespace {@code default}: its name and the manifests it is
 * deployed with, in turn (each a real change from the one before).
 *
 * <p>The short form ({@link #shortForm()}) has every small manifest of {@code examples/}, kapp's
 * cert-manager (45 resources: CRDs, webhooks, a Namespace), a Deployment mounting a {@code
 * kapp.k14s.io/versioned} ConfigMap and a CRD with a custom resource. The long form ({@link
 * #longForm()}) adds kapp's pinniped (a large example app the repository has as a test resource)
 * and cf-for-k8s (256 resources, 37 CRDs of {@code apiextensions.k8s.io/v1beta1}). istio and
 * knative are left out because cf-for-k8s ships istio's objects too (two apps claiming one object
 * is an ownership conflict, {@code 409}, not an outside edit); gatekeeper because its deploy waits
 * for a CRD only its controller makes ({@code GatekeeperExampleIT} plays that controller).
 */
record FuzzApp(String name, List<String> versions) {

  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  static List<FuzzApp> shortForm() {
    var guestbook = example("guestbook.yml");
    var redis = example("redis-with-configmap.yml");
    return List.of(
        new FuzzApp(
            "guestbook",
            List.of(
                guestbook,
                guestbook.replace("replicas: 3", "replicas: 4"),
                guestbook.replace("replicas: 2", "replicas: 1"))),
        new FuzzApp(
            "redis",
            List.of(
                redis,
                redis.replace("maxmemory 3mb", "maxmemory 5mb"),
                redis.replace("maxmemory 3mb", "maxmemory 7mb"))),
        new FuzzApp(
            "simple-app", List.of(example("simple-app-v1.yml"), example("simple-app-v2.yml"))),
        new FuzzApp("cert-manager", List.of(example("cert-manager-v1.6.1.yml"))),
        new FuzzApp("conf-ver", versions(FuzzApp::versionedConfigMap)),
        new FuzzApp("widgets", versions(FuzzApp::crdAndCustomResource)));
  }

  static List<FuzzApp> longForm() {
    var apps = new ArrayList<>(shortForm());
    apps.add(kappExample("pinniped"));
    apps.add(new FuzzApp("cf-for-k8s", List.of(example("cf-for-k8s-v0.2.0.yml"))));
    return apps;
  }

  /** A Deployment mounting a versioned ConfigMap (kapp rewrites the reference to conf-ver-N). */
  static String versionedConfigMap(int version) {
    return """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: conf
          annotations:
            kapp.k14s.io/versioned: ""
        data:
          greeting: hello-%d
          mode: fuzz
        ---
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: conf-web
        spec:
          replicas: 1
          selector:
            matchLabels:
              app: conf-web
          template:
            metadata:
              labels:
                app: conf-web
            spec:
              containers:
              - name: web
                image: nginx:1.25
                volumeMounts:
                - name: conf
                  mountPath: /etc/conf
              volumes:
              - name: conf
                configMap:
                  name: conf
        """
        .formatted(version);
  }

  /** A CRD (apiextensions.k8s.io/v1) and one custom resource of it. */
  static String crdAndCustomResource(int version) {
    return """
        apiVersion: apiextensions.k8s.io/v1
        kind: CustomResourceDefinition
        metadata:
          name: widgets.fuzz.driftless.io
        spec:
          group: fuzz.driftless.io
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
        apiVersion: fuzz.driftless.io/v1
        kind: Widget
        metadata:
          name: w1
        spec:
          size: %d
          colour: blue
          parts:
            a: one
            b: two
        """
        .formatted(version + 1);
  }

  private static List<String> versions(java.util.function.IntFunction<String> manifest) {
    return IntStream.range(0, 3).mapToObj(manifest).toList();
  }

  private static FuzzApp kappExample(String name) {
    var index = new Properties();
    try (var reader =
        Files.newBufferedReader(
            ROOT.resolve("standalone/src/test/resources/kapp-examples/apps.properties"))) {
      index.load(reader);
      var parts = new ArrayList<String>();
      for (var file : index.getProperty(name).trim().split("\\s+")) {
        parts.add(Files.readString(ROOT.resolve(file)));
      }
      return new FuzzApp(name, List.of(String.join("\n---\n", parts)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String example(String file) {
    try {
      return Files.readString(ROOT.resolve("examples").resolve(file));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
