package io.driftless.standalone;

/** What {@link GhostDiffEndToEndIT} deploys: the app's Deployment manifest. */
final class GhostDiffFixtures {

  private GhostDiffFixtures() {}

  static String deployment(String name, int replicas, String templateLabels) {
    return """
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: %s
        spec:
          replicas: %d
          selector:
            matchLabels:
              app: %s
          template:
            metadata:
              labels:
                app: %s%s
            spec:
              containers:
              - name: app
                image: nginx:1.27
        """
        .formatted(name, replicas, name, name, templateLabels);
  }
}
