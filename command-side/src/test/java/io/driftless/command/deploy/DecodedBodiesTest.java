package io.driftless.command.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.driftless.diff.resources.ManifestFormat;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A deploy body sent again is neither decoded nor checked again: it comes back as the very text of
 * the first time, so that {@link ParsedBodies} finds its manifest at once.
 */
class DecodedBodiesTest {

  private static final byte[] BODY =
      "kind: ConfigMap\nmetadata:\n  name: caf\u00e9\n".getBytes(StandardCharsets.UTF_8);

  private final List<String> checked = new ArrayList<>();

  private String text(DecodedBodies bodies, byte[] bytes, ManifestFormat format) {
    return bodies.text(
        bytes,
        StandardCharsets.UTF_8,
        format,
        text -> {
          checked.add(text);
          if (text.contains("refuse")) {
            throw new IllegalArgumentException("refused");
          }
          return text;
        });
  }

  @Test
  void theSameBytesAgainGetTheSameTextUncheckedAgain() {
    var bodies = new DecodedBodies(1_000);

    var first = text(bodies, BODY, ManifestFormat.YAML);
    var again = text(bodies, BODY.clone(), ManifestFormat.YAML);

    assertThat(again).isSameAs(first).contains("café");
    assertThat(checked).hasSize(1);
  }

  @Test
  void otherBytesOrAnotherFormatAreDecodedAndCheckedForThemselves() {
    var bodies = new DecodedBodies(1_000);
    var other = BODY.clone();
    other[other.length - 4] = (byte) 'x';

    text(bodies, BODY, ManifestFormat.YAML);
    var changed = text(bodies, other, ManifestFormat.YAML);
    text(bodies, BODY, ManifestFormat.JSON);

    assertThat(checked).hasSize(3);
    assertThat(changed).endsWith("cax\u00e9\n");
  }

  @Test
  void aRefusedBodyIsNotKeptAndIsRefusedAgain() {
    var bodies = new DecodedBodies(1_000);
    var refused = "refuse me".getBytes(StandardCharsets.UTF_8);

    for (int i = 0; i < 2; i++) {
      assertThatThrownBy(() -> text(bodies, refused, ManifestFormat.YAML)).hasMessage("refused");
    }
    assertThat(checked).hasSize(2);
    assertThat(bodies.size()).isZero();
  }

  @Test
  void keepsTheBodiesUsedLastWithinItsBytes() {
    var bodies = new DecodedBodies(BODY.length);
    var other = BODY.clone();
    other[0] = 'K';

    text(bodies, BODY, ManifestFormat.YAML);
    text(bodies, other, ManifestFormat.YAML);
    text(bodies, BODY, ManifestFormat.YAML);

    assertThat(checked).hasSize(3);
    assertThat(bodies.size()).isEqualTo(1);
  }
}
