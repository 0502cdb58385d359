package io.driftless.security;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.EnumSet;
import java.util.Locale;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.oauth2.core.DelegatingOAuth2TokenValidator;
import org.springframework.security.oauth2.core.OAuth2TokenValidator;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtClaimValidator;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtException;
import org.springframework.security.oauth2.jwt.JwtValidators;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;

/**
 * Identity-provider tokens (JWTs) as a second {@link AuthenticationProvider} after the {@link
 * TokenStore}: the signature is checked against the provider's keys (Spring Security's {@link
 * NimbusJwtDecoder}, keys fetched and cached from the JWK set), then expiry, not-before, the issuer
 * and the audience when configured. The roles come from one claim ({@link
 * JwtSetting#rolesClaim()}); names that are not Driftless roles are ignored, so a token with none
 * is authenticated and may do nothing (403). The authentication is named {@code jwt:<sub>}. A
 * presented token that is not a JWT (no two dots) is left to the other provider's answer.
 */
final class JwtTokens implements AuthenticationProvider {

  private final JwtDecoder decoder;
  private final String rolesClaim;

  JwtTokens(JwtDecoder decoder, String rolesClaim) {
    this.decoder = decoder;
    this.rolesClaim = rolesClaim;
  }

  /** The decoder of the configured provider, with the checks the setting asks for. */
  static JwtTokens of(JwtSetting setting) {
    var decoder =
        JwtSetting.blank(setting.jwkSetUri())
            ? NimbusJwtDecoder.withIssuerLocation(setting.issuerUri()).build()
            : NimbusJwtDecoder.withJwkSetUri(setting.jwkSetUri()).build();
    var validators = new ArrayList<OAuth2TokenValidator<Jwt>>();
    validators.add(
        JwtSetting.blank(setting.issuerUri())
            ? JwtValidators.createDefault()
            : JwtValidators.createDefaultWithIssuer(setting.issuerUri()));
    if (!JwtSetting.blank(setting.audience())) {
      validators.add(
          new JwtClaimValidator<Collection<String>>(
              "aud", aud -> aud != null && aud.contains(setting.audience())));
    }
    decoder.setJwtValidator(new DelegatingOAuth2TokenValidator<>(validators));
    return new JwtTokens(decoder, setting.rolesClaim());
  }

  @Override
  public Authentication authenticate(Authentication authentication) {
    var token = (String) authentication.getCredentials();
    if (token.chars().filter(c -> c == '.').count() != 2) {
      return null;
    }
    try {
      var jwt = decoder.decode(token);
      var authorities =
          roles(jwt).stream()
              .flatMap(role -> role.withImplied().stream())
              .distinct()
              .map(role -> new SimpleGrantedAuthority(role.authority()))
              .toList();
      return UsernamePasswordAuthenticationToken.authenticated(
          "jwt:" + jwt.getSubject(), null, authorities);
    } catch (JwtException e) {
      throw new BadCredentialsException("invalid JWT: " + e.getClass().getSimpleName(), e);
    }
  }

  private EnumSet<Role> roles(Jwt jwt) {
    var claim = jwt.getClaims().get(rolesClaim);
    var names = new ArrayList<String>();
    if (claim instanceof Collection<?> values) {
      values.forEach(value -> names.add(String.valueOf(value)));
    } else if (claim instanceof String value) {
      names.addAll(Arrays.asList(value.split("[\\s,]+")));
    }
    var roles = EnumSet.noneOf(Role.class);
    for (var role : Role.values()) {
      if (names.stream()
          .anyMatch(name -> name.strip().toLowerCase(Locale.ROOT).equals(role.label()))) {
        roles.add(role);
      }
    }
    return roles;
  }

  @Override
  public boolean supports(Class<?> authentication) {
    return BearerToken.class.isAssignableFrom(authentication);
  }
}
