package io.driftless.command.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.diff.resources.ResourceKey;
import io.driftless.events.ResourceIds;
import io.driftless.events.ResourceRef;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The diff engine's {@link ResourceKey#id()} and {@link ResourceIds} write the same form: the App's
 * resource set is keyed by the one, the ResourceChange ids are built by the other.
 */
class ResourceIdsAgreementTest {

  private static final List<ResourceKey> KEYS =
      List.of(
          new ResourceKey("", "ConfigMap", "default", "settings"),
          new ResourceKey("apps", "Deployment", "team-a", "web"),
          new ResourceKey("", "Namespace", "", "team-a"),
          new ResourceKey("rbac.authorization.k8s.io", "ClusterRole", "", "reader"));

  @Test
  void keyIdsAgree() {
    for (var key : KEYS) {
      assertThat(ResourceIds.keyId(key.group(), key.kind(), key.namespace(), key.name()))
          .isEqualTo(key.id());
      assertThat(
              ResourceKey.parseId(
                  ResourceIds.keyId(key.group(), key.kind(), key.namespace(), key.name())))
          .isEqualTo(key);
    }
  }

  @Test
  void resourceChangeIdsAgreeWhateverTheyAreBuiltFrom() {
    var appId = ResourceIds.appId("default", "app");
    var key = new ResourceKey("apps", "Deployment", "team-a", "web");

    assertThat(Planner.resourceId(appId, key))
        .isEqualTo(appId + "/" + key.id())
        .isEqualTo(
            ResourceIds.resourceId(
                appId, new ResourceRef("apps/v1", "Deployment", "team-a", "web")));
  }
}
