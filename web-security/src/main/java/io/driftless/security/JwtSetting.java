package io.driftless.security;

/**
 * {@code driftless.security.jwt.*}: tokens from an identity provider (OIDC), checked by signature
 * against the provider's keys, beside the configured tokens. Configured when {@code issuer-uri} or
 * {@code jwk-set-uri} is set.
 *
 * @param issuerUri the provider's issuer; its keys are found through OIDC discovery at the first
 *     token, and the {@code iss} claim must equal it
 * @param jwkSetUri the provider's key set, when discovery is not wanted (then {@code iss} is
 *     checked only if {@code issuerUri} is set too)
 * @param audience when set, the {@code aud} claim must contain it
 * @param rolesClaim the claim holding the Driftless roles ({@code deployer}, {@code viewer}, {@code
 *     admin}), a list or a space- or comma-separated string; default {@code roles}
 */
public record JwtSetting(String issuerUri, String jwkSetUri, String audience, String rolesClaim) {

  /** Defaults the roles claim. */
  public JwtSetting {
    rolesClaim = rolesClaim == null || rolesClaim.isBlank() ? "roles" : rolesClaim;
  }

  boolean configured() {
    return !blank(issuerUri) || !blank(jwkSetUri);
  }

  static boolean blank(String value) {
    return value == null || value.isBlank();
  }
}
