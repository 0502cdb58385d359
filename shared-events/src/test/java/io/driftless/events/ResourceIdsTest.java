package io.driftless.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ResourceIdsTest {

  @Test
  void appIdsRoundTrip() {
    var appId = ResourceIds.appId("team-a", "simple-app");

    assertThat(appId).isEqualTo("team-a/simple-app");
    assertThat(ResourceIds.appNamespace(appId)).isEqualTo("team-a");
    assertThat(ResourceIds.appName(appId)).isEqualTo("simple-app");
  }

  @Test
  void resourceIdsHaveSixSegments() {
    var appId = ResourceIds.appId("default", "app");

    assertThat(
            ResourceIds.resourceId(
                appId, new ResourceRef("apps/v1", "Deployment", "web", "frontend")))
        .isEqualTo("default/app/apps/Deployment/web/frontend");
    assertThat(ResourceIds.resourceId(appId, new ResourceRef("v1", "Namespace", "", "web")))
        .isEqualTo("default/app/core/Namespace/_/web");
  }

  @Test
  void refusesWhatIsNoAppId() {
    assertThatThrownBy(() -> ResourceIds.appName("no-slash"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ResourceIds.appNamespace("a/b/c"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
