package io.driftless.diff.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.diff.resources.ManifestFormat;
import io.driftless.diff.resources.ManifestLimits;
import io.driftless.diff.resources.ManifestParser;
import io.driftless.diff.resources.Resource;
import io.driftless.diff.resources.ResourceKey;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * References to a versioned resource are rewritten on a copy, the object given left as it was; with
 * nothing renamed the resource itself comes back, not a copy (a reconcile of an app without
 * versioned resources then plans from the very trees of the plan before).
 */
class VersionReferencesTest {

  private static final Resource DEPLOYMENT =
      new ManifestParser(ManifestLimits.defaults())
          .parse(
              """
              apiVersion: apps/v1
              kind: Deployment
              metadata:
                name: web
                namespace: default
              spec:
                selector:
                  matchLabels:
                    app: web
                template:
                  metadata:
                    labels:
                      app: web
                  spec:
                    containers:
                    - name: web
                      image: nginx
                    volumes:
                    - name: conf
                      configMap:
                        name: conf
              """,
              ManifestFormat.YAML,
              "default")
          .resources()
          .get(0);

  private static String volumeName(Resource resource) {
    return resource.object().at("/spec/template/spec/volumes/0/configMap/name").asText();
  }

  @Test
  void aReferenceToARenamedResourceIsRewrittenOnACopy() {
    var conf = new ResourceKey("", "ConfigMap", "default", "conf");

    var rewritten = new VersionReferences(Map.of(conf, "conf-ver-2")).rewrite(DEPLOYMENT);

    assertThat(volumeName(rewritten)).isEqualTo("conf-ver-2");
    assertThat(volumeName(DEPLOYMENT)).isEqualTo("conf");
  }

  @Test
  void withNothingRenamedTheResourceItselfComesBack() {
    assertThat(new VersionReferences(Map.of()).rewrite(DEPLOYMENT)).isSameAs(DEPLOYMENT);
  }
}
