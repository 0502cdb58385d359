package io.driftless.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class AppIdTest {

  @Test
  void printsAndParsesNamespaceSlashApp() {
    var id = AppId.of("team-a", "simple-app");

    assertThat(id).hasToString("team-a/simple-app");
    assertThat(AppId.parse("team-a/simple-app")).isEqualTo(id);
    assertThat(id.namespace()).isEqualTo("team-a");
    assertThat(id.name()).isEqualTo("simple-app");
  }

  @Test
  void ofChecksNothingAsTheIdsAlwaysWereBuilt() {
    assertThat(AppId.of("Not A Label", "x")).hasToString("Not A Label/x");
  }

  @Test
  void refusesWhatIsNotOneSlashBetweenTwoParts() {
    for (var text : new String[] {"no-slash", "a/b/c", "/app", "ns/", "/", ""}) {
      assertThat(AppId.tryParse(text)).as(text).isEmpty();
      assertThatThrownBy(() -> AppId.parse(text))
          .as(text)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("not an app id (namespace/app): " + text);
    }
    assertThat(AppId.tryParse(null)).isEmpty();
    assertThatThrownBy(() -> AppId.parse(null)).isInstanceOf(NullPointerException.class);
  }

  @Test
  void partsAreDnsLabelsOfAtMost63Characters() {
    assertThat(AppId.of("default", "simple-app").hasDnsLabels()).isTrue();
    assertThat(AppId.of("a", "0").hasDnsLabels()).isTrue();
    assertThat(AppId.of("default", "a".repeat(63)).hasDnsLabels()).isTrue();
    assertThat(AppId.of("default", "a".repeat(64)).hasDnsLabels()).isFalse();
    assertThat(AppId.of("Default", "app").hasDnsLabels()).isFalse();
    assertThat(AppId.of("default", "-app").hasDnsLabels()).isFalse();
    assertThat(AppId.of("default", "app-").hasDnsLabels()).isFalse();
    assertThat(AppId.of("default", "my.app").hasDnsLabels()).isFalse();
    assertThat(AppId.of("", "app").hasDnsLabels()).isFalse();
    assertThat(AppId.isDnsLabel(null)).isFalse();
  }

  @Test
  void resourceIdsSpeakAppIds() {
    assertThat(ResourceIds.appId("ns", "app")).isEqualTo(AppId.of("ns", "app").toString());
    assertThat(ResourceIds.appName("ns/app")).isEqualTo("app");
    assertThat(ResourceIds.appNamespace("ns/app")).isEqualTo("ns");
  }
}
