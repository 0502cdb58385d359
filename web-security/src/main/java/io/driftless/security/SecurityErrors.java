package io.driftless.security;

import io.driftless.shared.ApiError;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.access.AccessDeniedHandler;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.security.web.firewall.RequestRejectedHandler;
import tools.jackson.databind.json.JsonMapper;

/**
 * The 401 and 403 answers in the API's error shape ({@code {"error","message","details"}}; codes
 * {@code unauthorized} and {@code forbidden}), a {@code WWW-Authenticate: Bearer} header on each
 * 401 (RFC 6750; {@code error="invalid_token"} when a token was presented and refused), and one
 * WARN line per refusal with the method, path, remote address and the token's configured name or
 * "unknown token": never the token itself. Also the {@code 400 bad_request} of a request Spring
 * Security's firewall refuses before anything reads it (an encoded {@code %}, {@code ;} or {@code
 * ..} in the path), which would otherwise get Boot's error page instead of the API's shape, and the
 * {@code 400 bad_parameter} of a header the API cannot read ({@link HeaderCheckingFirewall}, a
 * malformed or repeated {@code Authorization}), named but never quoted.
 */
final class SecurityErrors
    implements AuthenticationEntryPoint, AccessDeniedHandler, RequestRejectedHandler {

  private static final Logger log = LoggerFactory.getLogger(SecurityErrors.class);
  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** No {@code Authorization} header on a request that needs a role (called by Spring Security). */
  @Override
  public void commence(
      HttpServletRequest request, HttpServletResponse response, AuthenticationException e)
      throws IOException {
    unauthorized(request, response, "no bearer token", "Bearer");
  }

  /** A token was presented and is not one of the configured ones (or not a bearer token). */
  void invalidToken(HttpServletRequest request, HttpServletResponse response, String reason)
      throws IOException {
    unauthorized(request, response, reason, "Bearer error=\"invalid_token\"");
  }

  @Override
  public void handle(
      HttpServletRequest request, HttpServletResponse response, AccessDeniedException e)
      throws IOException {
    var authentication = SecurityContextHolder.getContext().getAuthentication();
    var name =
        authentication == null ? "unknown token" : "token '" + authentication.getName() + "'";
    var needed = AccessRules.requiredRole(request).map(Role::label).orElse("another role");
    log.warn("Refused {}: {} lacks the role {} (403)", describe(request), name, needed);
    write(
        response,
        HttpServletResponse.SC_FORBIDDEN,
        "forbidden",
        "This token may not "
            + request.getMethod()
            + " "
            + request.getRequestURI()
            + ": that needs the role "
            + needed
            + ".");
  }

  @Override
  public void handle(
      HttpServletRequest request, HttpServletResponse response, RequestRejectedException e)
      throws IOException {
    if (e instanceof HeaderRejectedException header) {
      badHeader(
          request,
          response,
          header.name(),
          "holds a character the server does not accept (a control character; non-ASCII text"
              + " sent as UTF-8 holds some)");
      return;
    }
    write(
        response,
        HttpServletResponse.SC_BAD_REQUEST,
        "bad_request",
        "The request was refused before the API read it: its path holds an encoded %, a ;, .. or"
            + " another sequence the server does not accept.");
  }

  /**
   * A header the API cannot read: {@code 400 bad_parameter} naming the header (never its value),
   * one WARN line as for every refusal. For {@code Authorization} the message says it is malformed,
   * so a client looks at its token, not at the path.
   */
  void badHeader(
      HttpServletRequest request, HttpServletResponse response, String name, String problem)
      throws IOException {
    var header = name == null ? "a header name" : "the " + name + " header";
    var authorization = HttpHeaders.AUTHORIZATION.equalsIgnoreCase(name);
    log.warn(
        "Refused {}: {} {} (400)",
        describe(request),
        header,
        authorization ? "is malformed" : "was refused");
    write(
        response,
        HttpServletResponse.SC_BAD_REQUEST,
        "bad_parameter",
        Character.toUpperCase(header.charAt(0))
            + header.substring(1)
            + (authorization ? " is malformed: it " : " ")
            + problem
            + "; nothing was read.",
        name == null ? List.of() : List.of("header: " + name));
  }

  private void unauthorized(
      HttpServletRequest request, HttpServletResponse response, String reason, String challenge)
      throws IOException {
    log.warn("Refused {}: {} (401)", describe(request), reason);
    response.setHeader(HttpHeaders.WWW_AUTHENTICATE, challenge);
    write(
        response,
        HttpServletResponse.SC_UNAUTHORIZED,
        "unauthorized",
        "A valid bearer token is required: Authorization: Bearer <token>.");
  }

  private static String describe(HttpServletRequest request) {
    return request.getMethod() + " " + request.getRequestURI() + " from " + request.getRemoteAddr();
  }

  private static void write(HttpServletResponse response, int status, String code, String message)
      throws IOException {
    write(response, status, code, message, List.of());
  }

  /** An answer in the error shape ({@link ApiError}); also {@link ApiErrorController}'s. */
  static void write(
      HttpServletResponse response, int status, String code, String message, List<String> details)
      throws IOException {
    response.setStatus(status);
    response.setContentType(MediaType.APPLICATION_JSON_VALUE);
    response.setCharacterEncoding(StandardCharsets.UTF_8.name());
    response.getWriter().write(json(new ApiError(code, message, details)));
    response.getWriter().flush();
  }

  /** An error's JSON text; also {@link JsonErrorReportValve}'s. */
  static String json(ApiError error) {
    return JSON.writeValueAsString(error);
  }
}
