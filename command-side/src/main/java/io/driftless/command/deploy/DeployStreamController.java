package io.driftless.command.deploy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.command.app.ChangeInProgressException;
import io.driftless.command.app.StaleAppStateException;
import io.driftless.command.cluster.ClusterException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Clock;
import java.util.List;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The streamed form of deploy, reconcile and delete (API.md): chosen by content negotiation when
 * the request accepts {@code application/x-ndjson} or {@code text/event-stream}; every other
 * request gets {@link DeployController}'s plain JSON answer. The change runs on the request's
 * thread as the plain one does (same {@link ChangeSlots}, same service) and is written out as it
 * happens by a {@link ProgressWriter}. A failure before the plan propagates to {@link ApiErrors}
 * (status code and error shape); after it, the last line is a {@code result} with {@code
 * successful: false}, {@code error} and {@code message} (a refused or failed change: the 502 body).
 */
@RestController
@RequestMapping(
    value = "/api/apps/{namespace}/{app}",
    produces = {ProgressWriter.NDJSON, "text/event-stream"})
class DeployStreamController {

  private static final Logger log = LoggerFactory.getLogger(DeployStreamController.class);

  private final DeployService deploys;
  private final DeployRequestReader requests;
  private final ChangeSlots slots;
  private final EventPositions positions;
  private final Clock clock;

  DeployStreamController(
      DeployService deploys,
      DeployRequestReader requests,
      ChangeSlots slots,
      EventPositions positions,
      Clock clock) {
    this.deploys = deploys;
    this.requests = requests;
    this.slots = slots;
    this.positions = positions;
    this.clock = clock;
  }

  @PostMapping("/deploy")
  void deploy(
      @PathVariable String namespace,
      @PathVariable String app,
      HttpServletRequest http,
      HttpServletResponse out)
      throws IOException {
    var request = requests.read(namespace, app, http);
    stream(http, out, stream -> deploys.deploy(request, stream));
  }

  @PostMapping("/reconcile")
  void reconcile(
      @PathVariable String namespace,
      @PathVariable String app,
      HttpServletRequest http,
      HttpServletResponse out) {
    AppNames.check(namespace, app);
    stream(http, out, stream -> deploys.reconcile(namespace, app, stream));
  }

  @DeleteMapping
  void delete(
      @PathVariable String namespace,
      @PathVariable String app,
      HttpServletRequest http,
      HttpServletResponse out) {
    AppNames.check(namespace, app);
    stream(http, out, stream -> deploys.delete(namespace, app, stream));
  }

  private void stream(
      HttpServletRequest http,
      HttpServletResponse out,
      Function<ChangeStream, DeployResponse> change) {
    var eventStream = accepts(http, "text/event-stream") && !accepts(http, ProgressWriter.NDJSON);
    var writer = new ProgressWriter(new ObjectMapper(), out, eventStream, clock);
    try (var slot = slots.take()) {
      var answer = change.apply(writer);
      writer.result(positioned(answer));
    } catch (DeployFailedException e) {
      if (!writer.started()) {
        throw e;
      }
      writer.result(positioned(e));
    } catch (RuntimeException e) {
      if (!writer.started()) {
        throw e;
      }
      if (code(e).equals("internal_error")) {
        log.error("A streamed change failed after its plan", e);
      } else {
        log.info("A streamed change failed after its plan: {}", e.getMessage());
      }
      writer.result(new StreamError(false, code(e), message(e), List.of()));
    }
  }

  private Object positioned(DeployResponse answer) {
    if (answer.changeId() == null || answer.dryRun()) {
      return answer;
    }
    return answer.withEventPosition(positions.current());
  }

  private Object positioned(DeployFailedException e) {
    var body = e.body();
    if (body instanceof DeployFailure failure) {
      return new DeployFailure(
          failure.response().withEventPosition(positions.current()),
          failure.error(),
          failure.message(),
          failure.details());
    }
    return new StreamError(false, "cluster_error", e.getMessage(), List.of());
  }

  private static boolean accepts(HttpServletRequest http, String type) {
    var accept = http.getHeader("Accept");
    return accept != null && accept.contains(type);
  }

  private static String code(RuntimeException e) {
    if (e instanceof ChangeInProgressException || e instanceof StaleAppStateException) {
      return "change_in_progress";
    }
    if (e instanceof AppNotFoundException) {
      return "not_found";
    }
    return e instanceof ClusterException ? "cluster_error" : "internal_error";
  }

  private static String message(RuntimeException e) {
    return e instanceof ClusterException
            || e instanceof ChangeInProgressException
            || e instanceof StaleAppStateException
            || e instanceof AppNotFoundException
        ? e.getMessage()
        : "The server failed to finish the change; its log has the details.";
  }

  /** A result line for a failure that has no change answer. */
  record StreamError(boolean successful, String error, String message, List<String> details) {}
}
