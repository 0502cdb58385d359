package io.driftless.diff.resources;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Bodies without resources parse to an empty manifest; the caller decides whether an empty set may
 * be deployed (the command side refuses it unless asked, as kapp does).
 */
class EmptyManifestTest {

  private final ManifestParser parser = new ManifestParser(ManifestLimits.defaults());

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "   \n",
        "---",
        "---\n---\n",
        "# only a comment\n",
        "---\n# a comment\n---\nnull\n",
        "apiVersion: kapp.k14s.io/v1alpha1\nkind: Config\nrebaseRules: []\n"
      })
  void yamlWithoutResourcesIsAnEmptyManifest(String body) {
    var manifest = parser.parse(body, ManifestFormat.YAML, "default");

    assertThat(manifest.resources()).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"{\"resources\": []}", "{\"resources\": [null]}"})
  void jsonWithoutResourcesIsAnEmptyManifest(String body) {
    assertThat(parser.parse(body, ManifestFormat.JSON, "default").resources()).isEmpty();
  }
}
