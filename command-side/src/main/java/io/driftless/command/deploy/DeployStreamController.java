package io.driftless.command.deploy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.command.app.AppLockedException;
import io.driftless.command.app.ChangeInProgressException;
import io.driftless.command.app.StaleAppStateException;
import io.driftless.command.change.ConcurrentStartException;
import io.driftless.command.change.EventPositions;
import io.driftless.command.change.KeyInUseException;
import io.driftless.command.cluster.ClusterException;
import io.driftless.command.idempotency.IdempotencyKey;
import io.driftless.events.ResourceIds;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The streamed form of deploy, reconcile, rollback and delete (API.md): chosen by content
 * negotiation when the request accepts {@code application/x-ndjson} or {@code text/event-stream};
 * every other request gets {@link DeployController}'s plain JSON answer. The change runs on the
 * request's thread as the plain one does (same {@link ChangeSlots}, same service) and is written
 * out as it happens by a {@link ProgressWriter}. A failure before the plan propagates to {@link
 * ApiErrors} (status code and error shape); after it, the last line is a {@code result} with {@code
 * successful: false}, {@code error} and {@code message} (a refused or failed change: the 502 body).
 * An {@code Idempotency-Key} works as on the plain form ({@link SafeRetries}): a known key answers
 * the plain JSON (422, 409 or the replay), a new one is recorded with the change's start and its
 * {@code result} is kept.
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
  private final SafeRetries retries;
  private final RollbackService rollbacks;

  // Seven collaborators, two over STYLE.md's five: SafeRetries is the streamed form's safe
  // retries, RollbackService the rollback's look-up before its deploy.
  DeployStreamController(
      DeployService deploys,
      DeployRequestReader requests,
      ChangeSlots slots,
      EventPositions positions,
      Clock clock,
      SafeRetries retries,
      RollbackService rollbacks) {
    this.deploys = deploys;
    this.requests = requests;
    this.slots = slots;
    this.positions = positions;
    this.clock = clock;
    this.retries = retries;
    this.rollbacks = rollbacks;
  }

  @PostMapping("/deploy")
  void deploy(
      @PathVariable String namespace,
      @PathVariable String app,
      HttpServletRequest http,
      HttpServletResponse out)
      throws IOException {
    var header = IdempotencyKeyHeader.read(http);
    var request = requests.read(namespace, app, http);
    var key =
        header == null || request.options().dryRun()
            ? null
            : IdempotencyKey.of(
                ResourceIds.appId(namespace, app),
                "deploy",
                header,
                DeployController.fingerprint(request, http));
    var keyed = new Keyed(key, request.diff().mask());
    stream(http, out, keyed, stream -> deploys.deploy(request, stream, key));
  }

  @PostMapping("/reconcile")
  void reconcile(
      @PathVariable String namespace,
      @PathVariable String app,
      HttpServletRequest http,
      HttpServletResponse out)
      throws IOException {
    var options = DeployParameters.reconcileOptions(http.getQueryString());
    var keyed = DeployController.keyOf(namespace, app, "reconcile", http);
    var key = options.dryRun() ? null : keyed; // a dry run records no key
    var provenance = ProvenanceInput.of(http);
    stream(
        http,
        out,
        new Keyed(key, true),
        s -> deploys.reconcile(namespace, app, options, provenance, s, key));
  }

  @PostMapping("/rollback")
  void rollback(
      @PathVariable String namespace,
      @PathVariable String app,
      HttpServletRequest http,
      HttpServletResponse out)
      throws IOException {
    var header = IdempotencyKeyHeader.read(http);
    AppNames.check(namespace, app);
    var parameters =
        RollbackParameters.parse(http.getQueryString(), ProvenanceInput.Caller.of(http));
    var key = DeployController.rollbackKey(namespace, app, header, parameters, http);
    var keyed = new Keyed(key, parameters.diff().mask());
    stream(http, out, keyed, s -> rollbacks.rollback(namespace, app, parameters, s, key));
  }

  @DeleteMapping
  void delete(
      @PathVariable String namespace,
      @PathVariable String app,
      HttpServletRequest http,
      HttpServletResponse out)
      throws IOException {
    var key = DeployController.keyOf(namespace, app, "delete", http);
    var provenance = ProvenanceInput.of(http);
    stream(
        http, out, new Keyed(key, true), s -> deploys.delete(namespace, app, provenance, s, key));
  }

  /** A request's Idempotency-Key (null: none) and whether its line diffs mask Secrets. */
  private record Keyed(IdempotencyKey key, boolean masked) {}

  private void stream(
      HttpServletRequest http,
      HttpServletResponse out,
      Keyed keyed,
      Function<ChangeStream, DeployResponse> change)
      throws IOException {
    var known =
        keyed.key() == null ? Optional.<ResponseEntity<?>>empty() : retries.known(keyed.key());
    if (known.isPresent()) {
      // A replay is the plain JSON answer, also to a client that asked for a stream.
      write(out, known.get());
      return;
    }
    var eventStream = accepts(http, "text/event-stream") && !accepts(http, ProgressWriter.NDJSON);
    var writer = new ProgressWriter(new ObjectMapper(), out, eventStream, clock);
    try (var slot = slots.take()) {
      var answer = change.apply(writer);
      var result = positioned(answer);
      writer.result(result);
      keep(keyed, answer.changeId(), result);
    } catch (DeployFailedException e) {
      if (!writer.started()) {
        throw e;
      }
      var result = positioned(e);
      writer.result(result);
      keep(keyed, e.changeId(), result);
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

  private void keep(Keyed keyed, String changeId, Object result) {
    if (keyed.key() != null && changeId != null) {
      retries.keepStreamed(keyed.key(), changeId, result, keyed.masked());
    }
  }

  private static void write(HttpServletResponse out, ResponseEntity<?> answer) throws IOException {
    out.setStatus(answer.getStatusCode().value());
    answer.getHeaders().forEach((name, values) -> values.forEach(v -> out.addHeader(name, v)));
    out.setContentType("application/json");
    var body = answer.getBody();
    var bytes = body instanceof byte[] json ? json : new ObjectMapper().writeValueAsBytes(body);
    out.getOutputStream().write(bytes);
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
    return new StreamError(false, e.code(), e.getMessage(), List.of());
  }

  private static boolean accepts(HttpServletRequest http, String type) {
    var accept = http.getHeader("Accept");
    return accept != null && accept.contains(type);
  }

  private static String code(RuntimeException e) {
    if (e instanceof ChangeInProgressException
        || e instanceof StaleAppStateException
        || e instanceof KeyInUseException
        || e instanceof ConcurrentStartException) {
      return "change_in_progress";
    }
    if (e instanceof AppNotFoundException) {
      return "not_found";
    }
    if (e instanceof AppLockedException) {
      return "app_locked";
    }
    return e instanceof ClusterException ? "cluster_error" : "internal_error";
  }

  private static String message(RuntimeException e) {
    return e instanceof ClusterException
            || e instanceof ChangeInProgressException
            || e instanceof StaleAppStateException
            || e instanceof KeyInUseException
            || e instanceof ConcurrentStartException
            || e instanceof AppNotFoundException
            || e instanceof AppLockedException
        ? e.getMessage()
        : "The server failed to finish the change; its log has the details.";
  }

  /** A result line for a failure that has no change answer. */
  record StreamError(boolean successful, String error, String message, List<String> details) {}
}
