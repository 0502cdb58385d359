package io.driftless.security;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The error page of both sides and the standalone server, in the API's error shape instead of
 * Boot's ({@code timestamp}, {@code status}, {@code path}) (issue 32 point 6). The servlet
 * container forwards here what no controller answered: a {@code TRACE} Tomcat refuses (405, its
 * {@code Allow} header kept), a failure in a filter. Asked for directly ({@code GET /error}, no
 * error to show) it is an unknown path, 404, where Boot answered 500 with {@code status 999}. The
 * answer names the method and path, never a header or an exception's message.
 */
@RestController
final class ApiErrorController implements ErrorController {

  private static final int MAX_PATH = 200;

  private static final Map<Integer, String> CODES =
      Map.of(
          400, "bad_request",
          401, "unauthorized",
          403, "forbidden",
          404, "not_found",
          405, "method_not_allowed",
          413, "too_large",
          415, "unsupported_media_type",
          500, "internal_error");

  @RequestMapping("${server.error.path:${error.path:/error}}")
  void error(HttpServletRequest request, HttpServletResponse response) throws IOException {
    var status = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
    if (!(status instanceof Integer code)) {
      var message = "Nothing is served at " + request.getMethod() + " " + path(request) + ".";
      SecurityErrors.write(response, 404, "not_found", message, List.of());
      return;
    }
    var failed = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
    var method = method(request, code);
    var target = method + " " + path(failed == null ? "" : failed.toString());
    var allowed = response.getHeader(HttpHeaders.ALLOW);
    SecurityErrors.write(
        response,
        code,
        codeOf(code),
        message(code, target, method, allowed),
        allowed == null || code != 405 ? List.of() : List.of("allowed: " + allowed));
  }

  /**
   * The failed request's method. The error dispatch of a request Tomcat refused itself carries
   * another; Tomcat's only own 405 is a {@code TRACE} ({@code allowTrace} is off), which its
   * message names.
   */
  private static String method(HttpServletRequest request, int code) {
    var message = request.getAttribute(RequestDispatcher.ERROR_MESSAGE);
    if (code == 405 && message != null && message.toString().startsWith("TRACE")) {
      return "TRACE";
    }
    return request.getMethod();
  }

  private static String message(int code, String target, String method, String allowed) {
    return switch (code) {
      case 404 -> "Nothing is served at " + target + ".";
      case 405 ->
          method
              + " is not allowed on "
              + target.substring(method.length() + 1)
              + (allowed == null ? "." : "; allowed: " + allowed + ".");
      case 500 -> "The server failed to handle " + target + "; its log has the details.";
      default -> {
        var known = HttpStatus.resolve(code);
        yield (known == null ? "HTTP " + code : known.getReasonPhrase()) + ": " + target + ".";
      }
    };
  }

  private static String codeOf(int code) {
    var known = CODES.get(code);
    if (known != null) {
      return known;
    }
    var status = HttpStatus.resolve(code);
    return status == null ? "error" : status.name().toLowerCase(Locale.ROOT);
  }

  private static String path(HttpServletRequest request) {
    return path(request.getRequestURI());
  }

  private static String path(String path) {
    return path.length() > MAX_PATH ? path.substring(0, MAX_PATH) + "..." : path;
  }
}
