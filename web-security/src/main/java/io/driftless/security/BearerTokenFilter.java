package io.driftless.security;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Collections;
import java.util.regex.Pattern;
import org.springframework.http.HttpHeaders;
import org.springframework.security.authentication.AuthenticationManager;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Reads {@code Authorization: Bearer <token>} and, when the {@link TokenStore} knows the token (or
 * the identity provider signed it, {@link JwtTokens}), sets the request's authentication (name and
 * roles). A request without the header goes on anonymous (the rules then answer 401 where a role is
 * needed, and let health through); a header that is not a known bearer token is answered 401 at
 * once, whatever the path, so a client learns of a wrong or expired token even on an open path. A
 * header given twice, or a token with a character RFC 6750 does not allow (a stray space, non-ASCII
 * text), is 400 {@code bad_parameter} saying the header is malformed (issue 32 point 6): the first
 * of two headers no longer wins. Not a bean: only the security filter chain runs it.
 */
final class BearerTokenFilter extends OncePerRequestFilter {

  private static final String SCHEME = "bearer ";

  /** RFC 6750's b64token: what a bearer token may hold (the configured ones and JWTs do). */
  private static final Pattern TOKEN68 = Pattern.compile("[A-Za-z0-9\\-._~+/]+=*");

  private final AuthenticationManager tokens;
  private final SecurityErrors errors;

  BearerTokenFilter(AuthenticationManager tokens, SecurityErrors errors) {
    this.tokens = tokens;
    this.errors = errors;
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    var headers = Collections.list(request.getHeaders(HttpHeaders.AUTHORIZATION));
    if (headers.isEmpty()) {
      chain.doFilter(request, response);
      return;
    }
    if (headers.size() > 1) {
      errors.badHeader(
          request,
          response,
          HttpHeaders.AUTHORIZATION,
          "is given " + headers.size() + " times; send one");
      return;
    }
    var header = headers.get(0);
    if (!header.regionMatches(true, 0, SCHEME, 0, SCHEME.length())) {
      errors.invalidToken(request, response, "not a bearer token");
      return;
    }
    var token = header.substring(SCHEME.length()).strip();
    if (!TOKEN68.matcher(token).matches()) {
      errors.badHeader(
          request,
          response,
          HttpHeaders.AUTHORIZATION,
          "holds a character no bearer token has (letters, digits and -._~+/ then = only)");
      return;
    }
    try {
      var authentication = tokens.authenticate(new BearerToken(token));
      var context = SecurityContextHolder.createEmptyContext();
      context.setAuthentication(authentication);
      SecurityContextHolder.setContext(context);
    } catch (AuthenticationException e) {
      SecurityContextHolder.clearContext();
      errors.invalidToken(request, response, e.getMessage());
      return;
    }
    chain.doFilter(request, response);
  }
}
