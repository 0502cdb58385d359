package io.driftless.command.apply.wait;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A Namespace: done when its phase is {@code Active}. A namespace still {@code Terminating} from an
 * earlier delete cannot take objects yet. (kapp has no rule of its own for namespaces; Driftless
 * waits so that the objects of later waves can be created in it.)
 */
final class NamespaceWait implements WaitRule {

  @Override
  public WaitState check(JsonNode namespace) {
    var phase = namespace.path("status").path("phase").asText("");
    return phase.equals("Active")
        ? WaitState.ok()
        : WaitState.ongoing("Waiting for phase Active (currently " + phaseText(phase) + ")");
  }

  private static String phaseText(String phase) {
    return phase.isEmpty() ? "not set" : phase;
  }
}
