package io.driftless.security;

import java.util.List;

/**
 * One configured token: {@code driftless.security.tokens[0].name=ci}, {@code .hash=sha256:<hex>},
 * {@code .roles=deployer,viewer} (env {@code DRIFTLESS_SECURITY_TOKENS_0_NAME}, ...). Only the hash
 * is configured, never the token (see {@link TokenHash}).
 *
 * @param name how the log names the token's requests (never the token itself)
 * @param hash {@code sha256:} and the 64 hex digits of the token's SHA-256
 * @param roles at least one role
 */
public record TokenSetting(String name, String hash, List<Role> roles) {

  /** Defaults absent lists to empty (a binding without roles is refused by {@link TokenStore}). */
  public TokenSetting {
    roles = roles == null ? List.of() : List.copyOf(roles);
  }
}
