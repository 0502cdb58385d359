package io.driftless.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.security.authentication.BadCredentialsException;

class TokenStoreTest {

  private static final String CI = "ci-token-4f1c9a0e2b7d";
  private static final String OPS = "ops-token-9b2e11aa07c3";

  private final TokenStore store =
      TokenStore.of(
          List.of(
              new TokenSetting("ci", TokenHash.of(CI), List.of(Role.DEPLOYER, Role.VIEWER)),
              new TokenSetting("ops", TokenHash.of(OPS), List.of(Role.ADMIN))));

  @Test
  void hashIsSha256InHexWithItsPrefix() {
    // printf %s abc | sha256sum
    assertThat(TokenHash.of("abc"))
        .isEqualTo("sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  }

  @Test
  void knownTokenAuthenticatesWithItsNameAndRoles() {
    var authentication = store.authenticate(new BearerToken(CI));
    assertThat(authentication.getName()).isEqualTo("ci");
    assertThat(authentication.isAuthenticated()).isTrue();
    assertThat(authentication.getCredentials()).isNull();
    assertThat(authentication.getAuthorities())
        .extracting(Object::toString)
        .containsExactlyInAnyOrder("ROLE_deployer", "ROLE_viewer");
  }

  @Test
  void adminImpliesDeployerAndViewer() {
    assertThat(store.authenticate(new BearerToken(OPS)).getAuthorities())
        .extracting(Object::toString)
        .containsExactlyInAnyOrder("ROLE_admin", "ROLE_deployer", "ROLE_viewer");
  }

  @Test
  void unknownTokenIsRefused() {
    assertThatThrownBy(() -> store.authenticate(new BearerToken(CI + "x")))
        .isInstanceOf(BadCredentialsException.class);
    assertThat(store.find(TokenHash.of(CI))).isEmpty();
  }

  @Test
  void bearerTokenNeverShowsTheToken() {
    assertThat(new BearerToken(CI).toString()).doesNotContain(CI);
  }

  @Test
  void malformedHashStopsTheStartNamingTheToken() {
    assertThatThrownBy(
            () ->
                TokenStore.of(
                    List.of(new TokenSetting("ci", "plain-secret", List.of(Role.VIEWER)))))
        .hasMessageContaining("token 'ci'")
        .hasMessageContaining("sha256:<64 hex digits>")
        .hasMessageNotContaining("plain-secret");
  }

  @Test
  void tokenWithoutRolesOrNameIsRefused() {
    assertThatThrownBy(() -> TokenStore.of(List.of(new TokenSetting("ci", TokenHash.of(CI), null))))
        .hasMessageContaining("no roles");
    assertThatThrownBy(
            () ->
                TokenStore.of(
                    List.of(new TokenSetting(" ", TokenHash.of(CI), List.of(Role.ADMIN)))))
        .hasMessageContaining("name");
  }
}
