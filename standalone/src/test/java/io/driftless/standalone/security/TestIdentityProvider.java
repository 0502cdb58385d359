package io.driftless.standalone.security;

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

/** An identity provider's key set over HTTP and tokens signed with its key, for the tests. */
final class TestIdentityProvider {

  static final String ISSUER = "https://idp.example.test";

  private final RSAKey key;
  private final HttpServer server;

  private TestIdentityProvider(RSAKey key, HttpServer server) {
    this.key = key;
    this.server = server;
  }

  static TestIdentityProvider start() {
    try {
      var key = new RSAKeyGenerator(2048).keyID("it").generate();
      var body = new JWKSet(key.toPublicJWK()).toString().getBytes(StandardCharsets.UTF_8);
      var server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
      server.createContext(
          "/jwks",
          exchange -> {
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
          });
      server.start();
      return new TestIdentityProvider(key, server);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  String jwkSetUri() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/jwks";
  }

  /** A token for the subject with these roles in its {@code roles} claim, valid for 5 minutes. */
  String token(String subject, List<String> roles) {
    try {
      var claims =
          new JWTClaimsSet.Builder()
              .subject(subject)
              .issuer(ISSUER)
              .expirationTime(Date.from(Instant.now().plusSeconds(300)))
              .claim("roles", roles)
              .build();
      var jwt =
          new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID("it").build(), claims);
      jwt.sign(new RSASSASigner(key));
      return jwt.serialize();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
