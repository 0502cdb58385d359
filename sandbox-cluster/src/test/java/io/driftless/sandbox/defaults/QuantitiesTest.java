package io.driftless.sandbox.defaults;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** resource.Quantity's canonical forms, as `kubectl get -o yaml` shows them after an apply. */
class QuantitiesTest {

  @ParameterizedTest
  @CsvSource({
    "1000m, 1",
    "100m, 100m",
    "0.5, 500m",
    "1.5, 1500m",
    "1500, 1500",
    "2000, 2k",
    "1, 1",
    "0, 0",
    "0.0001, 1m",
    "1024Mi, 1Gi",
    "1536Mi, 1536Mi",
    "512Mi, 512Mi",
    "0.5Gi, 512Mi",
    "200Mi, 200Mi",
    "1000Ki, 1000Ki",
    "1G, 1G",
    "1000M, 1G",
    "1e3, 1e3",
    "1000e0, 1e3",
    "128974848, 128974848"
  })
  void aQuantityIsStoredInItsCanonicalForm(String sent, String stored) {
    assertThat(Quantities.canonical(JsonNodeFactory.instance.textNode(sent), true))
        .isEqualTo(stored);
  }

  @ParameterizedTest
  @CsvSource({"2, 2", "0.25, 250m"})
  void aNumberBecomesAString(String number, String stored) {
    var node = JsonNodeFactory.instance.numberNode(new java.math.BigDecimal(number));
    assertThat(Quantities.canonical(node, true)).isEqualTo(stored);
  }

  @ParameterizedTest
  @CsvSource({"abc", "1Qi", "''"})
  void whatDoesNotParseIsLeftToValidation(String sent) {
    assertThat(Quantities.canonical(JsonNodeFactory.instance.textNode(sent), true)).isNull();
  }
}
