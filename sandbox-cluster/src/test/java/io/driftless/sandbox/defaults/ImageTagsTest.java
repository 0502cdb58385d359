package io.driftless.sandbox.defaults;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** SetDefaults_Container's pull policy follows the tag ParseImageName reads. */
class ImageTagsTest {

  @ParameterizedTest
  @CsvSource({
    "nginx, true",
    "nginx:latest, true",
    "nginx:1.27, false",
    "registry.example.com:5000/team/app, true",
    "registry.example.com:5000/team/app:v1, false",
    "quay.io/jetstack/cert-manager-webhook:v1.6.1, false",
    "app@sha256:4c8b96d4fffdfae29258d94a22ae4ad1fe36139d47288b8960d9958d1e63a9d0, false",
    "app:latest@sha256:4c8b96d4fffdfae29258d94a22ae4ad1fe36139d47288b8960d9958d1e63a9d0, true"
  })
  void latestMeansNoTagAndNoDigestOrTheLatestTag(String image, boolean latest) {
    assertThat(ImageTags.isLatest(image)).isEqualTo(latest);
  }
}
