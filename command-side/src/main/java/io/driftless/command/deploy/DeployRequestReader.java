package io.driftless.command.deploy;

import jakarta.servlet.http.HttpServletRequest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.Charset;
import org.springframework.stereotype.Component;

/**
 * Turns a deploy's HTTP request into a {@link DeployRequest}, refusing in this order before
 * anything is parsed, planned or stored: the app's names (422), the content type (415), the query
 * parameters and provenance headers (400), the body size (413) or its late arrival (408), then the
 * cheap checks of {@link BodyPrecheck} (400, 413). The body is normally gathered without a thread
 * by {@link DeployBodyFilter}; without it (a request that did not pass the filter) it is read here,
 * with the same size cap.
 */
@Component
class DeployRequestReader {

  private static final int CHUNK = 64 * 1024;

  private final DeployLimits limits;
  private final BodyPrecheck precheck;

  DeployRequestReader(DeployLimits limits) {
    this.limits = limits;
    this.precheck = new BodyPrecheck(limits);
  }

  DeployRequest read(String namespace, String app, HttpServletRequest http) throws IOException {
    AppNames.check(namespace, app);
    var type = ManifestContentType.of(http.getContentType());
    var parameters = DeployParameters.parse(http.getQueryString(), ProvenanceInput.Caller.of(http));
    var body = body(http, type.charset());
    precheck.check(body, type.format());
    return new DeployRequest(
        namespace,
        app,
        body,
        type.format(),
        parameters.options(),
        parameters.diff(),
        parameters.provenance());
  }

  private String body(HttpServletRequest request, Charset charset) throws IOException {
    if (request.getAttribute(DeployBodyFilter.FAILURE) instanceof RuntimeException failure) {
      throw failure;
    }
    if (request.getAttribute(DeployBodyFilter.BODY) instanceof byte[] gathered) {
      return new String(gathered, charset);
    }
    var max = limits.maxBodyBytes();
    if (request.getContentLengthLong() > max) {
      throw new BodyTooLargeException(max);
    }
    var out = new ByteArrayOutputStream();
    var buffer = new byte[CHUNK];
    try (var in = request.getInputStream()) {
      for (int n; (n = in.read(buffer)) > 0; ) {
        if (out.size() + n > max) {
          throw new BodyTooLargeException(max);
        }
        out.write(buffer, 0, n);
      }
    }
    return out.toString(charset);
  }
}
