package io.driftless.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletResponse;

/**
 * Issue 26 point 2: the refusals, the error page and Tomcat's own answers write the shared {@code
 * ApiError}, byte for byte as the hand-written JSON did.
 */
class ErrorShapeTest {

  @Test
  void writesErrorMessageDetailsAsJson() throws Exception {
    var response = new MockHttpServletResponse();

    SecurityErrors.write(response, 405, "method_not_allowed", "No.", List.of("allowed: GET"));

    assertThat(response.getStatus()).isEqualTo(405);
    assertThat(response.getContentType()).isEqualTo("application/json;charset=UTF-8");
    assertThat(response.getContentAsString())
        .isEqualTo(
            "{\"error\":\"method_not_allowed\",\"message\":\"No.\",\"details\":[\"allowed: GET\"]}");
  }

  @Test
  void tomcatsRefusalsHaveTheSameShape() {
    assertThat(JsonErrorReportValve.body(400))
        .isEqualTo(
            "{\"error\":\"bad_request\",\"message\":\"The request was refused before the API read"
                + " it: a malformed request line, an encoded / or NUL in the path, or a request"
                + " line or headers over the server's size limit.\",\"details\":[]}");
    assertThat(JsonErrorReportValve.body(503))
        .isEqualTo(
            "{\"error\":\"error\",\"message\":\"The request could not be handled (HTTP 503).\","
                + "\"details\":[]}");
  }
}
