package io.driftless.command.deploy;

/**
 * The manifests {@link GhostDiffApiIT} deploys: a one-container Deployment and an HPA scaling it
 * (the HPA inside the app, whose target's replicas are rebased).
 */
final class GhostDiffManifests {

  private GhostDiffManifests() {}

  static String deployment(String name, int replicas, String image, String templateLabels) {
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
                image: %s
        """
        .formatted(name, replicas, name, name, templateLabels, image);
  }

  static String hpa(String name, String target, int minReplicas) {
    return """
        apiVersion: autoscaling/v2
        kind: HorizontalPodAutoscaler
        metadata:
          name: %s
        spec:
          scaleTargetRef:
            apiVersion: apps/v1
            kind: Deployment
            name: %s
          minReplicas: %d
          maxReplicas: 10
        """
        .formatted(name, target, minReplicas);
  }
}
