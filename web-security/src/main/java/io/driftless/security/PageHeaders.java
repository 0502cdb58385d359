package io.driftless.security;

import org.springframework.security.config.annotation.web.configurers.HeadersConfigurer;
import org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter.ReferrerPolicy;

/**
 * The response headers of every answer, open or secured (issue 32 point 7). The history page keeps
 * a token in {@code sessionStorage}, so a script it did not serve could read it: the Content
 * Security Policy lets the page load its own files only ({@code history.js}, {@code history.css},
 * no inline script or style, no {@code eval}), send requests to its own origin only, and not be
 * framed. {@code Referrer-Policy: no-referrer} keeps its URLs (app names, change ids) off other
 * sites. Spring Security's defaults stay: {@code X-Content-Type-Options: nosniff}, {@code
 * X-Frame-Options: DENY} (for browsers without {@code frame-ancestors}), {@code Cache-Control:
 * no-store}. The JSON answers get the same headers; a browser ignores a CSP on them.
 */
final class PageHeaders {

  static final String CONTENT_SECURITY_POLICY =
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self';"
          + " connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

  private PageHeaders() {}

  static <B extends org.springframework.security.config.annotation.web.HttpSecurityBuilder<B>>
      void apply(HeadersConfigurer<B> headers) {
    headers
        .contentSecurityPolicy(csp -> csp.policyDirectives(CONTENT_SECURITY_POLICY))
        .referrerPolicy(referrer -> referrer.policy(ReferrerPolicy.NO_REFERRER))
        .frameOptions(HeadersConfigurer.FrameOptionsConfig::deny);
  }
}
