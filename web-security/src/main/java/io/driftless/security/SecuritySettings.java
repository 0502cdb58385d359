package io.driftless.security;

import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code driftless.security.*}: the API's tokens and whether the server may run without any.
 *
 * @param tokens the accepted tokens, by hash; none: the API is open (embedded default only)
 * @param required true in the {@code distributed} profile: no tokens, no start
 * @param jwt tokens of an identity provider (OIDC/JWT), beside or instead of {@code tokens}; absent
 *     or without a URI: none
 * @param dangerousAllowOpen lets a server whose tokens are {@code required} start open anyway, for
 *     local experiments and tests; logged at WARN at every start. Never in production.
 */
@ConfigurationProperties("driftless.security")
public record SecuritySettings(
    List<TokenSetting> tokens, JwtSetting jwt, boolean required, boolean dangerousAllowOpen) {

  /** Defaults absent lists to empty and an absent JWT setting to none. */
  public SecuritySettings {
    tokens = tokens == null ? List.of() : List.copyOf(tokens);
    jwt = jwt == null ? new JwtSetting(null, null, null, null) : jwt;
  }
}
