package io.driftless.command.apply.wait;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * A CustomResourceDefinition, as kapp's {@code resourcesmisc/api_extensions_vx_crd.go}: its {@code
 * Established} and {@code NamesAccepted} conditions True. A CRD whose names conflict never gets
 * there: the wait times out naming the condition, as kapp's does.
 */
final class CrdWait implements WaitRule {

  private static final List<String> CONDITIONS = List.of("Established", "NamesAccepted");

  @Override
  public WaitState check(JsonNode crd) {
    for (var type : CONDITIONS) {
      var status = Status.condition(crd, type).path("status");
      if (status.isMissingNode()) {
        return WaitState.ongoing("Condition " + type + " is not set");
      }
      if (!"True".equals(status.asText())) {
        return WaitState.ongoing("Condition " + type + " is not True (" + status.asText() + ")");
      }
    }
    return WaitState.ok();
  }
}
