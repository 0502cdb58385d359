package io.driftless.security;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Collections;
import org.springframework.security.web.firewall.FirewalledRequest;
import org.springframework.security.web.firewall.HttpFirewall;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.security.web.firewall.StrictHttpFirewall;

/**
 * Spring Security's {@link StrictHttpFirewall}, with every header checked as the request comes in
 * rather than when something reads it (issue 32 point 6). The strict firewall refuses a header
 * value with a control character (bytes 0x80 to 0x9f, which non-ASCII UTF-8 text holds, decode to
 * ISO-8859-1's C1 controls) only when the value is read; read by a controller ({@code
 * Idempotency-Key}) the refusal was an unexpected failure, a 500 with the value in an ERROR stack
 * trace, and read by {@link BearerTokenFilter} a 400 that blamed the path. Checked here, the
 * refusal happens where Spring Security answers it ({@link SecurityErrors}: 400 {@code
 * bad_parameter} naming the header), and the exception carries the header's name, never its value.
 */
final class HeaderCheckingFirewall implements HttpFirewall {

  private final StrictHttpFirewall strict = new StrictHttpFirewall();

  @Override
  public FirewalledRequest getFirewalledRequest(HttpServletRequest request) {
    var checked = strict.getFirewalledRequest(request);
    String name = null;
    try {
      for (var each : Collections.list(checked.getHeaderNames())) {
        name = each;
        checked.getHeaders(each).asIterator().forEachRemaining(value -> {});
      }
    } catch (RequestRejectedException e) {
      throw new HeaderRejectedException(name);
    }
    return checked;
  }

  @Override
  public HttpServletResponse getFirewalledResponse(HttpServletResponse response) {
    return strict.getFirewalledResponse(response);
  }
}
