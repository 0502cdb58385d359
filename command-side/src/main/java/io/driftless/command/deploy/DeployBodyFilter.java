package io.driftless.command.deploy;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Pattern;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Reads a deploy's body without holding a thread while the client sends it, under a deadline. A
 * blocking read parks a request thread for as long as the client takes, and a client sending a byte
 * a second never trips a read timeout: a few hundred such clients would hold every thread. Here the
 * body arrives through the servlet container's non-blocking reads ({@link ReadListener}); when it
 * is complete, over {@code driftless.deploy.max-body-bytes}, or not complete after {@code
 * driftless.deploy.request-timeout}, the request is dispatched to the controller again with the
 * body or the failure as a request attribute, which {@link DeployRequestReader} takes.
 *
 * <p>A request refused before its body matters (names, content type, parameters, a declared length
 * over the limit) is passed on untouched: the controller refuses it without reading the body.
 */
@Component
class DeployBodyFilter extends OncePerRequestFilter {

  static final String BODY = DeployBodyFilter.class.getName() + ".body";
  static final String FAILURE = DeployBodyFilter.class.getName() + ".failure";

  private static final Pattern DEPLOY = Pattern.compile("/api/apps/([^/]+)/([^/]+)/deploy");
  private static final int CHUNK = 64 * 1024;

  private final DeployLimits limits;

  DeployBodyFilter(DeployLimits limits) {
    this.limits = limits;
  }

  @Override
  protected boolean shouldNotFilter(HttpServletRequest request) {
    return !"POST".equals(request.getMethod())
        || !DEPLOY.matcher(request.getRequestURI()).matches()
        || !request.isAsyncSupported();
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    if (refusedBeforeTheBody(request)) {
      chain.doFilter(request, response);
      return;
    }
    // The dispatch with the body is not authenticated again: keep who sent it for its provenance.
    ProvenanceInput.Caller.keepActor(request);
    AsyncContext async = request.startAsync(request, response);
    async.setTimeout(limits.requestTimeout().toMillis());
    var reader = new BodyReader(async, request.getInputStream());
    async.addListener(reader);
    request.getInputStream().setReadListener(reader);
  }

  /** Whether the controller refuses the request without its body; it then says why. */
  private boolean refusedBeforeTheBody(HttpServletRequest request) {
    if (request.getContentLengthLong() > limits.maxBodyBytes()) {
      return true;
    }
    try {
      var names = DEPLOY.matcher(request.getRequestURI());
      names.matches();
      AppNames.check(names.group(1), names.group(2));
      ManifestContentType.of(request.getContentType());
      DeployParameters.parse(request.getQueryString(), ProvenanceInput.Caller.of(request));
      return false;
    } catch (RuntimeException refused) {
      return true;
    }
  }

  /** Gathers the body as it arrives and dispatches once, whatever ends the read. */
  private final class BodyReader implements ReadListener, AsyncListener {

    private final AsyncContext async;
    private final ServletInputStream in;
    private final ByteArrayOutputStream body = new ByteArrayOutputStream();
    private final byte[] buffer = new byte[CHUNK];
    private final AtomicBoolean done = new AtomicBoolean();

    BodyReader(AsyncContext async, ServletInputStream in) {
      this.async = async;
      this.in = in;
    }

    @Override
    public void onDataAvailable() throws IOException {
      while (!done.get() && in.isReady()) {
        int n = in.read(buffer);
        if (n < 0) {
          return;
        }
        if (body.size() + n > limits.maxBodyBytes()) {
          finish(FAILURE, new BodyTooLargeException(limits.maxBodyBytes()));
          return;
        }
        body.write(buffer, 0, n);
      }
    }

    @Override
    public void onAllDataRead() {
      finish(BODY, body.toByteArray());
    }

    @Override
    public void onError(Throwable failure) {
      finish(FAILURE, new RequestTimeoutException(limits.requestTimeout()));
    }

    @Override
    public void onTimeout(AsyncEvent event) {
      finish(FAILURE, new RequestTimeoutException(limits.requestTimeout()));
    }

    @Override
    public void onComplete(AsyncEvent event) {}

    @Override
    public void onError(AsyncEvent event) {}

    @Override
    public void onStartAsync(AsyncEvent event) {}

    private void finish(String attribute, Object value) {
      if (done.compareAndSet(false, true)) {
        async.getRequest().setAttribute(attribute, value);
        async.dispatch();
      }
    }
  }
}
