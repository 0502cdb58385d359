package io.driftless.command.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The YAML precheck counts the top-level {@code kind:} lines that are not kapp Configs exactly as
 * the pattern it used before did (issue 31: the pattern cost a sixth of a 1 MB body's parse).
 */
class BodyPrecheckTest {

  private static final Pattern KIND_LINE = Pattern.compile("(?m)^kind:[ \\t]*([^\\s#]*)");

  private static int byPattern(String body) {
    var kinds = KIND_LINE.matcher(body);
    int count = 0;
    while (kinds.find()) {
      if (!kinds.group(1).equals("Config")) {
        count++;
      }
    }
    return count;
  }

  @Test
  void countsTheLinesThePatternCounted() {
    var bodies =
        List.of(
            "",
            "kind: ConfigMap",
            "kind: Config",
            "kind:Config\n---\nkind:\tConfig # kapp\n---\nkind: Config#x\n",
            "kind: Configs\nkind: config\nkind: ConfigX\nkind: XConfig\n",
            "apiVersion: v1\nkind: Secret\n---\napiVersion: v1\nkind: Service\n",
            "  kind: Deployment\n- kind: Pod\n#kind: Pod\nkinds: x\nkind:\n",
            "kind: A\r\nkind: B\rkind: C\u0085kind: D\u2028kind: E\u2029kind: F",
            "data: |\n  kind: Secret\nkind: Job\n\tkind: Job\n",
            "kind: Config\u000Bx\nkind: Config\fy\nkind: Config\u00a0z\nkind: \u00a0Config\n",
            "xkind: A\nkind:kind: B\nkind: Config kind: C\n");
    for (var body : bodies) {
      assertThat(BodyPrecheck.yamlKinds(body, Integer.MAX_VALUE))
          .as("%s", body)
          .isEqualTo(byPattern(body));
    }
  }

  @Test
  void stopsCountingWhereItIsTold() {
    var body = "kind: A\n---\nkind: B\n---\nkind: C\n";

    assertThat(BodyPrecheck.yamlKinds(body, 2)).isEqualTo(2);
    assertThat(BodyPrecheck.yamlKinds(body, 5)).isEqualTo(3);
  }
}
