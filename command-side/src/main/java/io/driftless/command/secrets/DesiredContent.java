package io.driftless.command.secrets;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.resource.ResourceState;
import io.driftless.diff.text.SecretRedaction;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * The desired object of a resource as last applied, as a reconcile needs it to write the object
 * again: for a Secret the sealed content opened ({@link SecretVault}), values in clear, in the
 * data-only form the API server stores (stringData folded into data); for other kinds the recorded
 * last-applied object. Nothing of it may be logged or stored.
 */
@Component
public class DesiredContent {

  private final SecretVault vault;

  public DesiredContent(SecretVault vault) {
    this.vault = vault;
  }

  /**
   * The desired object, or empty when there is none to restore: the resource was deleted or taken
   * over, or it is a Secret recorded before sealed content existed (or of an unknown group): its
   * stored values are fingerprints, so it waits for its next deploy.
   *
   * @param resourceId the ResourceChange id the state belongs to (the sealed content opens only for
   *     it)
   * @throws SecretVaultException when the sealed content does not open (key not configured, changed
   *     content)
   */
  public Optional<ObjectNode> desired(String resourceId, ResourceState state) {
    if (state.lastApplied() == null) {
      return Optional.empty();
    }
    if (state.sealedDesired() != null) {
      return Optional.of(vault.unseal(resourceId, state.sealedDesired()));
    }
    ObjectNode recorded = state.lastAppliedTree();
    return SecretRedaction.isSecret(recorded) ? Optional.empty() : Optional.of(recorded);
  }
}
