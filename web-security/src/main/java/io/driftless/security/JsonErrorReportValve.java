package io.driftless.security;

import io.driftless.shared.ApiError;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;

/**
 * Tomcat's answer, in the API's error shape, for requests it refuses before any servlet runs: an
 * encoded {@code /} or NUL in the path, a request line or headers over Tomcat's limits, a malformed
 * request. Tomcat's own valve answers these with an HTML page, the one place the API would
 * otherwise not answer in JSON. Errors the application answered itself are left alone.
 */
public final class JsonErrorReportValve extends ErrorReportValve {

  @Override
  protected void report(Request request, Response response, Throwable failure) {
    int status = response.getStatus();
    if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
      return;
    }
    try {
      response.setContentType("application/json");
      response.setCharacterEncoding(StandardCharsets.UTF_8.name());
      Writer writer = response.getReporter();
      if (writer != null) {
        writer.write(body(status));
        response.finishResponse();
      }
    } catch (IOException | IllegalStateException e) {
      // the client is gone or the response already went out: nothing left to say
    }
  }

  static String body(int status) {
    String code = status == 400 ? "bad_request" : status == 404 ? "not_found" : "error";
    String message =
        status == 400
            ? "The request was refused before the API read it: a malformed request line, an"
                + " encoded / or NUL in the path, or a request line or headers over the server's"
                + " size limit."
            : "The request could not be handled (HTTP " + status + ").";
    return SecurityErrors.json(new ApiError(code, message, List.of()));
  }
}
