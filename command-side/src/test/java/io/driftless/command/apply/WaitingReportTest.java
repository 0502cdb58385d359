package io.driftless.command.apply;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.command.apply.wait.Progress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

/** kapp's "waiting on N changes" report: what it says, and when it says nothing. */
class WaitingReportTest {

  private static final String WEB = "reconcile deployment/web (apps/v1) namespace: default";
  private static final String CONFIG = "reconcile configmap/config (v1) namespace: default";

  private final List<String> heard = new ArrayList<>();
  private final Progress listener = (line, detail) -> heard.add(line + detail);
  private final WaitingReport report =
      WaitingReport.start(listener, 2, Duration.ZERO, Executors.newSingleThreadScheduledExecutor());

  @Test
  void namesEachChangeStillUnderWayWithItsWaitsLastMessage() {
    report.waiting(WEB);
    report.waiting(CONFIG);
    report.line("ongoing: " + WEB, List.of("Waiting for generation 1 to be observed"));
    report.finished(CONFIG);
    heard.clear();

    report.report();

    assertThat(heard)
        .containsExactly(
            "---- waiting on 1 changes [1/2 done] ----[]",
            "ongoing: " + WEB + "[Waiting for generation 1 to be observed]");
  }

  @Test
  void saysNothingWhenNothingIsUnderWayOrOnceClosed() {
    report.report();
    report.waiting(WEB);
    report.close();
    report.report();

    assertThat(heard).isEmpty();
  }

  @Test
  void passesEveryLineThroughUnchanged() {
    report.line("create deployment/web (apps/v1) namespace: default", List.of());

    assertThat(heard).containsExactly("create deployment/web (apps/v1) namespace: default[]");
  }
}
