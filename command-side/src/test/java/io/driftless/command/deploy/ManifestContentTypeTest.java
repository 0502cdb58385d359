package io.driftless.command.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.driftless.diff.resources.ManifestFormat;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ManifestContentTypeTest {

  @ParameterizedTest
  @CsvSource({
    "application/yaml, YAML",
    "application/x-yaml, YAML",
    "text/yaml, YAML",
    "application/json, JSON",
    "application/yaml; charset=utf-8, YAML",
    "Application/JSON;Charset=UTF-8, JSON"
  })
  void acceptsYamlAndJson(String header, ManifestFormat format) {
    var type = ManifestContentType.of(header);

    assertThat(type.format()).isEqualTo(format);
    assertThat(type.charset()).isEqualTo(StandardCharsets.UTF_8);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "application/x-www-form-urlencoded",
        "text/plain",
        "application/octet-stream",
        "multipart/form-data; boundary=x",
        "application/yaml+json",
        "yaml",
        " "
      })
  void refusesEverythingElse(String header) {
    var error =
        catchThrowableOfType(
            UnsupportedContentTypeException.class, () -> ManifestContentType.of(header));

    assertThat(error.getMessage())
        .endsWith("send one of application/yaml, application/x-yaml, text/yaml, application/json.");
    assertThat(error.details())
        .first()
        .isEqualTo("accepted: application/yaml, application/x-yaml, text/yaml, application/json");
  }

  @ParameterizedTest
  @ValueSource(strings = {"application/yaml; charset=latin-9000", "application/yaml; charset=??"})
  void refusesUnknownCharsets(String header) {
    var error =
        catchThrowableOfType(
            UnsupportedContentTypeException.class, () -> ManifestContentType.of(header));

    assertThat(error.getMessage()).contains("is not supported; send UTF-8.");
  }

  @org.junit.jupiter.api.Test
  void readsTheCharsetParameter() {
    assertThat(ManifestContentType.of("text/yaml; charset=ISO-8859-1").charset())
        .isEqualTo(StandardCharsets.ISO_8859_1);
  }
}
