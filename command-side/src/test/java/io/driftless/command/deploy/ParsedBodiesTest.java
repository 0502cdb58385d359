package io.driftless.command.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.driftless.diff.resources.Manifest;
import io.driftless.diff.resources.ManifestException;
import io.driftless.diff.resources.ManifestFormat;
import io.driftless.diff.resources.ManifestLimits;
import io.driftless.diff.resources.ManifestParser;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A deploy body sent again is not parsed again (issue 31: parsing was a third of an unchanged
 * redeploy): it gets the kept manifest, read only.
 */
class ParsedBodiesTest {

  private static final String BODY =
      """
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: conf
      data:
        greeting: hello
      """;

  private final ManifestParser parser = new ManifestParser(ManifestLimits.defaults());
  private final List<String> parsed = new ArrayList<>();

  private ParsedBodies bodies(long maxChars) {
    return new ParsedBodies(
        (text, format, namespace) -> {
          parsed.add(namespace + ": " + text);
          return parser.parse(text, format, namespace);
        },
        maxChars);
  }

  private static String body(String name) {
    return BODY.replace("conf", name);
  }

  @Test
  void aBodySentAgainIsParsedOnceAndAnsweredAlike() {
    var bodies = bodies(1_000);

    var first = bodies.parse(BODY, ManifestFormat.YAML, "default");
    var again = bodies.parse(new String(BODY), ManifestFormat.YAML, "default");

    assertThat(parsed).hasSize(1);
    assertThat(again).isEqualTo(first);
    assertThat(again).isEqualTo(parser.parse(BODY, ManifestFormat.YAML, "default"));
  }

  @Test
  void aBodySentAgainGetsTheKeptManifestItself() {
    var bodies = bodies(1_000);
    var first = bodies.parse(BODY, ManifestFormat.YAML, "default");

    var again = bodies.parse(new String(BODY), ManifestFormat.YAML, "default");

    // read only, shared: a plan knows its trees again by identity (PlanInput's objects)
    assertThat(again).isSameAs(first);
  }

  @Test
  void bodiesOfOneLengthThatDifferInOneCharacterAreEachParsedForItself() {
    var bodies = bodies(100_000);
    var padding = "#" + " ".repeat(5_000) + "\n";
    var one = padding + body("conf");
    var other = padding + body("conb");
    assertThat(other).hasSameSizeAs(one);

    var first = bodies.parse(one, ManifestFormat.YAML, "default");
    var second = bodies.parse(other, ManifestFormat.YAML, "default");

    assertThat(parsed).hasSize(2);
    assertThat(first.resources().get(0).key().name()).isEqualTo("conf");
    assertThat(second.resources().get(0).key().name()).isEqualTo("conb");
  }

  @Test
  void anotherNamespaceOrFormatIsParsedForItself() {
    var bodies = bodies(1_000);

    var inDefault = bodies.parse(BODY, ManifestFormat.YAML, "default");
    var inOther = bodies.parse(BODY, ManifestFormat.YAML, "other");

    assertThat(parsed).hasSize(2);
    assertThat(inDefault.resources().get(0).key().namespace()).isEqualTo("default");
    assertThat(inOther.resources().get(0).key().namespace()).isEqualTo("other");
    assertThatThrownBy(() -> bodies.parse(BODY, ManifestFormat.JSON, "default"))
        .isInstanceOf(ManifestException.class);
  }

  @Test
  void aRefusedBodyIsNotKeptAndIsRefusedAgain() {
    var bodies = bodies(1_000);
    var refused = "apiVersion: v1\nkind: ConfigMap\n";

    assertThatThrownBy(() -> bodies.parse(refused, ManifestFormat.YAML, "default"))
        .isInstanceOf(ManifestException.class);
    assertThatThrownBy(() -> bodies.parse(refused, ManifestFormat.YAML, "default"))
        .isInstanceOf(ManifestException.class);

    assertThat(parsed).hasSize(2);
    assertThat(bodies.size()).isZero();
  }

  @Test
  void keepsTheBodiesUsedLastWithinItsCharacters() {
    var bodies = bodies(BODY.length() * 2L);
    bodies.parse(body("a"), ManifestFormat.YAML, "default");
    bodies.parse(body("b"), ManifestFormat.YAML, "default");
    bodies.parse(body("a"), ManifestFormat.YAML, "default");
    bodies.parse(body("c"), ManifestFormat.YAML, "default");
    parsed.clear();

    bodies.parse(body("a"), ManifestFormat.YAML, "default");
    bodies.parse(body("c"), ManifestFormat.YAML, "default");
    assertThat(parsed).isEmpty();
    bodies.parse(body("b"), ManifestFormat.YAML, "default");
    assertThat(parsed).hasSize(1);
    assertThat(bodies.size()).isEqualTo(2);
  }

  @Test
  void aBodyLargerThanItsCharactersIsNeverKept() {
    var bodies = bodies(BODY.length() - 1L);
    Manifest first = bodies.parse(BODY, ManifestFormat.YAML, "default");
    bodies.parse(BODY, ManifestFormat.YAML, "default");

    assertThat(parsed).hasSize(2);
    assertThat(bodies.size()).isZero();
    assertThat(first.resources()).hasSize(1);
  }

  @Test
  void noCharactersKeepsNothing() {
    var bodies = bodies(0);
    bodies.parse(BODY, ManifestFormat.YAML, "default");
    bodies.parse(BODY, ManifestFormat.YAML, "default");

    assertThat(parsed).hasSize(2);
  }
}
