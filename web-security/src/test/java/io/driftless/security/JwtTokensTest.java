package io.driftless.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.security.authentication.BadCredentialsException;

/**
 * Identity-provider tokens against a real JWK set served over HTTP (the provider's {@code
 * jwks_uri}): a signed, unexpired token of the configured issuer and audience authenticates with
 * the roles of its claim; a wrong key, issuer, audience or an expired token is refused.
 */
class JwtTokensTest {

  private static final String ISSUER = "https://idp.example.test/realms/ops";
  private static HttpServer server;
  private static RSAKey key;
  private static String jwkSetUri;

  @BeforeAll
  static void serveTheKeySet() throws Exception {
    key = new RSAKeyGenerator(2048).keyID("k1").generate();
    var body = new JWKSet(key.toPublicJWK()).toString().getBytes(StandardCharsets.UTF_8);
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        "/jwks",
        exchange -> {
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    server.start();
    jwkSetUri = "http://127.0.0.1:" + server.getAddress().getPort() + "/jwks";
  }

  @AfterAll
  static void stop() {
    server.stop(0);
  }

  private final JwtTokens tokens =
      JwtTokens.of(new JwtSetting(ISSUER, jwkSetUri, "driftless", "groups"));

  private static String sign(RSAKey signingKey, JWTClaimsSet.Builder claims) throws Exception {
    var jwt =
        new SignedJWT(
            new JWSHeader.Builder(JWSAlgorithm.RS256)
                .keyID(signingKey.getKeyID())
                .type(JOSEObjectType.JWT)
                .build(),
            claims.build());
    jwt.sign(new RSASSASigner(signingKey));
    return jwt.serialize();
  }

  private static JWTClaimsSet.Builder valid() {
    return new JWTClaimsSet.Builder()
        .subject("alice")
        .issuer(ISSUER)
        .audience("driftless")
        .expirationTime(Date.from(Instant.now().plusSeconds(300)))
        .claim("groups", List.of("viewer", "deployer", "not-a-role"));
  }

  @Test
  void signedTokenAuthenticatesWithTheRolesOfItsClaim() throws Exception {
    var authentication = tokens.authenticate(new BearerToken(sign(key, valid())));

    assertThat(authentication.getName()).isEqualTo("jwt:alice");
    assertThat(authentication.getAuthorities())
        .extracting(Object::toString)
        .containsExactlyInAnyOrder("ROLE_viewer", "ROLE_deployer");
  }

  @Test
  void rolesMayBeASpaceSeparatedString() throws Exception {
    var authentication =
        tokens.authenticate(new BearerToken(sign(key, valid().claim("groups", "admin"))));
    assertThat(authentication.getAuthorities()).hasSize(3);
  }

  @Test
  void wrongKeyIssuerAudienceOrExpiryIsRefused() throws Exception {
    var other = new RSAKeyGenerator(2048).keyID("k1").generate();
    for (var token :
        List.of(
            sign(other, valid()),
            sign(key, valid().issuer("https://elsewhere.test")),
            sign(key, valid().audience("another-api")),
            sign(key, valid().expirationTime(Date.from(Instant.now().minusSeconds(3600)))))) {
      assertThatThrownBy(() -> tokens.authenticate(new BearerToken(token)))
          .isInstanceOf(BadCredentialsException.class)
          .hasMessageStartingWith("invalid JWT")
          .hasMessageNotContaining(token);
    }
  }

  @Test
  void aTokenThatIsNotAJwtIsLeftToTheConfiguredTokens() {
    assertThat(tokens.authenticate(new BearerToken("0123456789abcdef"))).isNull();
  }

  @Test
  void aConfiguredProviderSatisfiesARequiredProfile() {
    new WebApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(DriftlessSecurityAutoConfiguration.class))
        .withPropertyValues(
            "driftless.security.required=true", "driftless.security.jwt.jwk-set-uri=" + jwkSetUri)
        .run(context -> assertThat(context).hasNotFailed());
  }
}
