package io.driftless.command.deploy;

import jakarta.servlet.http.HttpServletRequest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Turns a deploy's HTTP request into a {@link DeployRequest}, refusing in this order before
 * anything is parsed, planned or stored: the app's names (422), the content type (415), the query
 * parameters and provenance headers (400), the body size (413) or its late arrival (408), then the
 * cheap checks of {@link BodyPrecheck} (400, 413). The body is normally gathered without a thread
 * by {@link DeployBodyFilter}; without it (a request that did not pass the filter) it is read here,
 * with the same size cap. A body sent again is neither decoded nor checked again ({@link
 * DecodedBodies}).
 */
@Component
class DeployRequestReader {

  private static final int CHUNK = 64 * 1024;

  private final DeployLimits limits;
  private final BodyPrecheck precheck;
  private final DecodedBodies decoded;

  DeployRequestReader(
      DeployLimits limits,
      @Value("${driftless.deploy.parsed-body-chars:4194304}") long keptBodyBytes) {
    this.limits = limits;
    this.precheck = new BodyPrecheck(limits);
    this.decoded = new DecodedBodies(keptBodyBytes);
  }

  DeployRequest read(String namespace, String app, HttpServletRequest http) throws IOException {
    AppNames.check(namespace, app);
    var type = ManifestContentType.of(http.getContentType());
    var parameters = DeployParameters.parse(http.getQueryString(), ProvenanceInput.Caller.of(http));
    var body =
        decoded.text(
            bytes(http),
            type.charset(),
            type.format(),
            text -> {
              precheck.check(text, type.format());
              return text;
            });
    return new DeployRequest(
        namespace,
        app,
        body,
        type.format(),
        parameters.options(),
        parameters.diff(),
        parameters.provenance());
  }

  private byte[] bytes(HttpServletRequest request) throws IOException {
    if (request.getAttribute(DeployBodyFilter.FAILURE) instanceof RuntimeException failure) {
      throw failure;
    }
    if (request.getAttribute(DeployBodyFilter.BODY) instanceof byte[] gathered) {
      return gathered;
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
    return out.toByteArray();
  }
}
