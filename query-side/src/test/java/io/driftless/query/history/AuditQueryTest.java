package io.driftless.query.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.driftless.events.AppId;
import io.driftless.events.ChangeTrigger;
import io.driftless.query.api.BadParameterException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AuditQueryTest {

  private static AuditQuery parse(Map<String, List<String>> parameters) {
    return AuditQuery.parse(parameters);
  }

  @Test
  void noParametersIsEveryChangeFiftyAPage() {
    var query = parse(Map.of());
    assertThat(query.actor()).isEmpty();
    assertThat(query.trigger()).isEmpty();
    assertThat(query.successful()).isEmpty();
    assertThat(query.since()).isEmpty();
    assertThat(query.until()).isEmpty();
    assertThat(query.app()).isEmpty();
    assertThat(query.meta()).isEmpty();
    assertThat(query.limit()).isEqualTo(50);
    assertThat(query.before()).isEmpty();
  }

  @Test
  void everyParameterParses() {
    var query =
        parse(
            Map.of(
                "actor", List.of("alice"),
                "trigger", List.of("rollback"),
                "successful", List.of("false"),
                "since", List.of("2026-11-20T00:00:00Z"),
                "until", List.of("2026-11-27T12:30:00.5Z"),
                "app", List.of("team-a/shop"),
                "meta.git.commit", List.of("abc123"),
                "meta.pipeline.run", List.of("7"),
                "limit", List.of("1000"),
                "before", List.of("2026-11-27T10:15:30.123Z,team-a/shop,shop-change-000007")));
    assertThat(query.actor()).contains("alice");
    assertThat(query.trigger()).contains(ChangeTrigger.ROLLBACK);
    assertThat(query.successful()).contains(false);
    assertThat(query.since()).contains(Instant.parse("2026-11-20T00:00:00Z"));
    assertThat(query.until()).contains(Instant.parse("2026-11-27T12:30:00.5Z"));
    assertThat(query.app()).contains(AppId.of("team-a", "shop"));
    assertThat(query.meta())
        .containsExactly(Map.entry("git.commit", "abc123"), Map.entry("pipeline.run", "7"));
    assertThat(query.limit()).isEqualTo(1000);
    assertThat(query.before())
        .isEqualTo(
            Optional.of(
                new AuditQuery.Cursor(
                    Instant.parse("2026-11-27T10:15:30.123Z"), "team-a/shop", 7)));
  }

  @Test
  void everyTriggerByItsWireName() {
    for (var trigger : ChangeTrigger.values()) {
      assertThat(parse(Map.of("trigger", List.of(trigger.wireName()))).trigger()).contains(trigger);
    }
  }

  @Test
  void unknownParametersAreIgnored() {
    assertThat(parse(Map.of("page", List.of("2"), "metadata", List.of("x"))).meta()).isEmpty();
  }

  @Test
  void badValuesNameTheirParameter() {
    bad("limit", "0");
    bad("limit", "1001");
    bad("limit", "ten");
    bad("trigger", "Deploy");
    bad("trigger", "push");
    bad("successful", "1");
    bad("since", "2026-11-27");
    bad("until", "now");
    bad("app", "shop");
    bad("app", "a/b/c");
    bad("app", "Team/shop");
    bad("actor", " ");
    bad("before", "shop-change-000007");
    bad("before", "2026-11-27T10:15:30Z,team-a/shop");
    bad("before", "2026-11-27T10:15:30Z,shop,shop-change-000007");
    bad("before", "2026-11-27T10:15:30Z,team-a/shop,seven");
    bad("before", "yesterday,team-a/shop,shop-change-000007");
    bad("meta.Git", "1");
    bad("meta.", "1");
    bad("meta.-x", "1");
    bad("meta.git.commit", "x".repeat(513));
    assertThatThrownBy(() -> parse(Map.of("actor", List.of("a", "b"))))
        .isInstanceOf(BadParameterException.class)
        .hasMessageStartingWith("actor must be given once");
  }

  private static void bad(String parameter, String value) {
    assertThatThrownBy(() -> parse(Map.of(parameter, List.of(value))))
        .as(parameter + "=" + value)
        .isInstanceOf(BadParameterException.class)
        .hasMessageStartingWith(parameter + " must be ");
  }
}
