package io.driftless.security;

import java.util.List;
import org.springframework.security.authentication.AbstractAuthenticationToken;

/**
 * A token presented in {@code Authorization: Bearer <token>}, not yet checked. Its {@code toString}
 * never shows the token (Spring Security and our log may print an authentication).
 */
final class BearerToken extends AbstractAuthenticationToken {

  private String token;

  BearerToken(String token) {
    super(List.of());
    this.token = token;
    setAuthenticated(false);
  }

  @Override
  public Object getCredentials() {
    return token;
  }

  @Override
  public Object getPrincipal() {
    return "bearer token";
  }

  @Override
  public void eraseCredentials() {
    token = null;
  }

  @Override
  public String toString() {
    return "BearerToken[<not shown>]";
  }
}
