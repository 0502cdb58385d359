package io.driftless.standalone.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * Issue 31's synthetic app: {@code namespaces} Namespaces and, in each, the same number of
 * ConfigMaps, Secrets, Services and Deployments, {@code resources} of those in all (rounded down to
 * a multiple of four times the namespaces). Small objects: the benchmark measures what a deploy
 * costs per resource and per request, not the size of the objects.
 */
final class SyntheticApp {

  private SyntheticApp() {}

  /** The deploy body. */
  static String body(int resources, int namespaces) {
    var perKind = resources / (4 * namespaces);
    var documents = new ArrayList<String>();
    for (int n = 0; n < namespaces; n++) {
      var namespace = "bench-" + n;
      documents.add("apiVersion: v1\nkind: Namespace\nmetadata:\n  name: " + namespace + "\n");
      for (int i = 0; i < perKind; i++) {
        documents.addAll(objects(namespace, "r" + i));
      }
    }
    return String.join("---\n", documents);
  }

  private static List<String> objects(String namespace, String name) {
    var metadata = "metadata:\n  namespace: %s\n  name: %s\n".formatted(namespace, name);
    return List.of(
        "apiVersion: v1\nkind: ConfigMap\n" + metadata + "data:\n  key: value-" + name + "\n",
        "apiVersion: v1\nkind: Secret\n" + metadata + "type: Opaque\nstringData:\n  token: t\n",
        "apiVersion: v1\nkind: Service\n"
            + metadata
            + "spec:\n  selector:\n    app: "
            + name
            + "\n  ports:\n  - port: 80\n    targetPort: 8080\n",
        "apiVersion: apps/v1\nkind: Deployment\n"
            + metadata
            + "spec:\n  replicas: 1\n  selector:\n    matchLabels:\n      app: "
            + name
            + "\n  template:\n    metadata:\n      labels:\n        app: "
            + name
            + "\n    spec:\n      containers:\n      - name: app\n        image: nginx:1.25\n");
  }
}
