package io.driftless.security;

import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.SimpleGrantedAuthority;

/**
 * The configured tokens, by hash, and the {@link AuthenticationProvider} that checks a presented
 * {@link BearerToken} against them. A lookup hashes the presented token once and compares the
 * digest with every stored one in constant time ({@link MessageDigest#isEqual}), without stopping
 * at a match, so the time taken tells nothing about which or how many bytes matched. An accepted
 * token becomes an authentication named after its setting, with its roles and the roles they imply
 * ({@link Role#withImplied()}); the token itself is kept nowhere.
 */
final class TokenStore implements AuthenticationProvider {

  private final List<Entry> entries;

  private TokenStore(List<Entry> entries) {
    this.entries = List.copyOf(entries);
  }

  /** Checks and indexes the settings; a bad setting stops the start with a clear message. */
  static TokenStore of(List<TokenSetting> settings) {
    var names = new HashSet<String>();
    var entries = new ArrayList<Entry>();
    for (var setting : settings) {
      var name = setting.name() == null ? "" : setting.name().strip();
      if (name.isEmpty() || !names.add(name)) {
        throw new SecuritySettingsException(
            "driftless.security.tokens: every token needs a name of its own (blank or repeated: '"
                + name
                + "')");
      }
      if (setting.roles().isEmpty()) {
        throw new SecuritySettingsException(
            "driftless.security.tokens: token '"
                + name
                + "' has no roles (deployer, viewer, admin)");
      }
      entries.add(new Entry(name, TokenHash.parse(name, setting.hash()), setting.roles()));
    }
    return new TokenStore(entries);
  }

  boolean isEmpty() {
    return entries.isEmpty();
  }

  int size() {
    return entries.size();
  }

  /** The setting whose hash is the presented token's, if any. */
  Optional<Entry> find(String token) {
    var digest = TokenHash.digest(token);
    Entry found = null;
    for (var entry : entries) {
      if (MessageDigest.isEqual(entry.digest(), digest) && found == null) {
        found = entry;
      }
    }
    return Optional.ofNullable(found);
  }

  @Override
  public Authentication authenticate(Authentication authentication) {
    var token = (String) authentication.getCredentials();
    var entry = find(token).orElseThrow(() -> new BadCredentialsException("unknown token"));
    var authorities =
        entry.roles().stream()
            .flatMap(role -> role.withImplied().stream())
            .distinct()
            .map(role -> new SimpleGrantedAuthority(role.authority()))
            .toList();
    return UsernamePasswordAuthenticationToken.authenticated(entry.name(), null, authorities);
  }

  @Override
  public boolean supports(Class<?> authentication) {
    return BearerToken.class.isAssignableFrom(authentication);
  }

  /** One configured token: its name, the SHA-256 of the token, its roles. */
  record Entry(String name, byte[] digest, List<Role> roles) {}
}
