package io.driftless.command.deploy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.app.ChangeInProgressException;
import io.driftless.command.app.StaleAppStateException;
import io.driftless.command.change.ConcurrentStartException;
import io.driftless.command.change.EventPositions;
import io.driftless.command.change.KeyInUseException;
import io.driftless.command.idempotency.ChangeOutcomes;
import io.driftless.command.idempotency.IdempotencyKey;
import io.driftless.command.idempotency.IdempotencyStore;
import io.driftless.command.idempotency.KeyRecord;
import io.driftless.events.AppChangeFinished;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;

/**
 * Safe retries (README, "Safe retries"): a command with an {@code Idempotency-Key} starts at most
 * one change per key, app and endpoint. A request whose key is known answers without planning or
 * taking a change slot: {@code 422 idempotency_key_reused} when it asks for something else than the
 * key's first request, {@code 409 change_in_progress} naming the change while it runs, else the
 * change's answer as first given (status and body), marked {@code Idempotent-Replayed: true}. A
 * change that ended without its answer kept (the command side stopped) is answered from its {@code
 * AppChangeFinished}: the outcome and counts, no per-resource changes.
 *
 * <p>Only a started change records its key; refusals, dry runs and plans with nothing to do store
 * nothing, and a retry of them is planned again.
 */
@Component
class SafeRetries {

  private static final Logger log = LoggerFactory.getLogger(SafeRetries.class);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final IdempotencyStore keys;
  private final ChangeOutcomes outcomes;
  private final EventPositions positions;

  SafeRetries(IdempotencyStore keys, ChangeOutcomes outcomes, EventPositions positions) {
    this.keys = keys;
    this.outcomes = outcomes;
    this.positions = positions;
  }

  /**
   * Runs {@code change} once per key (null: no key, always runs). {@code masked}: the answer's line
   * diffs mask Secret values; if not, the kept copy drops the Secrets' diffs.
   */
  ResponseEntity<?> run(
      IdempotencyKey key, boolean masked, Function<IdempotencyKey, DeployResponse> change) {
    if (key == null) {
      return ResponseEntity.ok(change.apply(null));
    }
    var known = keys.find(key);
    if (known.isPresent()) {
      return answer(key, known.get());
    }
    try {
      var response = change.apply(key);
      if (response.changeId() == null) {
        return ResponseEntity.ok(response);
      }
      // Positioned here, not by EventPositionAdvice, so that the kept answer is the one sent.
      var position = positions.current();
      var positioned = response.withEventPosition(position);
      keep(key, response.changeId(), HttpStatus.OK, positioned, masked);
      return positioned(ResponseEntity.ok(), position).body(positioned);
    } catch (DeployFailedException e) {
      if (!(e.body() instanceof DeployFailure failure)) {
        throw e;
      }
      var position = positions.current();
      var body =
          new DeployFailure(
              failure.response().withEventPosition(position),
              failure.error(),
              failure.message(),
              failure.details());
      // A 500 (the change failed on a fault of this server, such as its database lost for a
      // moment) is not kept: clients retry a 500 with the same key, and a kept one would answer
      // them 500 forever (ChaosIT). Their retry gets the answer rebuilt from the finished change
      // (502 change_failed with its error), or 409 while its finish is not recorded yet.
      if (e.status() != HttpStatus.INTERNAL_SERVER_ERROR) {
        keep(key, e.changeId(), e.status(), body, masked);
      }
      log.info("{} {}: {}", e.status().value(), failure.error(), e.getMessage());
      return positioned(ResponseEntity.status(e.status()), position).body(body);
    } catch (ChangeInProgressException
        | StaleAppStateException
        | KeyInUseException
        | ConcurrentStartException e) {
      // Another request with this key may have started the change since the look-up.
      var now = keys.find(key);
      if (now.isPresent()) {
        return answer(key, now.get());
      }
      if (e instanceof KeyInUseException) {
        // The other request's start is not committed yet (H2 gives up waiting for its row lock).
        return ApiErrorResponses.of(
            HttpStatus.CONFLICT, "change_in_progress", e.getMessage(), List.of());
      }
      throw e;
    }
  }

  /**
   * The answer to a request whose key is known (422, 409 or the replay), empty for a key not seen
   * within the retention. For the streamed form, which runs the change itself and then calls {@link
   * #keepStreamed}.
   */
  Optional<ResponseEntity<?>> known(IdempotencyKey key) {
    return keys.find(key).map(record -> answer(key, record));
  }

  /** Keeps the answer a streamed change ended with: its {@code result} line without the type. */
  void keepStreamed(IdempotencyKey key, String changeId, Object body, boolean masked) {
    var status = body instanceof DeployFailure ? HttpStatus.BAD_GATEWAY : HttpStatus.OK;
    keep(key, changeId, status, body, masked);
  }

  private ResponseEntity<?> answer(IdempotencyKey key, KeyRecord record) {
    if (!record.requestHash().equals(key.requestHash())) {
      return ApiErrorResponses.of(
          HttpStatus.UNPROCESSABLE_CONTENT,
          "idempotency_key_reused",
          "This Idempotency-Key was first used with another request to "
              + key.endpoint()
              + " app "
              + key.appId()
              + " (other parameters or another body); send a new key for a new request.",
          List.of("changeId: " + record.changeId()));
    }
    var stored = record.answer();
    if (stored == null) {
      var finished = outcomes.finished(key.appId(), record.changeId());
      if (finished.isEmpty()) {
        return ApiErrorResponses.of(
            HttpStatus.CONFLICT,
            "change_in_progress",
            "app "
                + key.appId()
                + " has change "
                + record.changeId()
                + ", started with this Idempotency-Key, in progress; try again when it ends",
            List.of("changeId: " + record.changeId()));
      }
      stored = rebuilt(finished.get());
      keys.answer(key, record.changeId(), stored);
    }
    var replay =
        ResponseEntity.status(stored.status())
            .header(IdempotencyKeyHeader.REPLAYED, "true")
            .contentType(MediaType.APPLICATION_JSON);
    var position = eventPosition(stored.json());
    if (position != null) {
      replay.header(EventPositions.HEADER, position);
    }
    return replay.body(stored.json());
  }

  private static ResponseEntity.BodyBuilder positioned(
      ResponseEntity.BodyBuilder answer, long position) {
    return answer.header(EventPositions.HEADER, Long.toString(position));
  }

  /** The kept answer's {@code eventPosition}, null when it has none (a rebuilt answer). */
  private static String eventPosition(byte[] json) {
    try {
      var position = JSON.readTree(json).path("eventPosition");
      return position.isNumber() ? position.asText() : null;
    } catch (IOException e) {
      return null;
    }
  }

  /** The answer of a change whose own answer was not kept: its outcome from the event store. */
  private static KeyRecord.Answer rebuilt(AppChangeFinished finished) {
    var ops = new LinkedHashMap<String, Integer>();
    ops.put("create", finished.ops().create());
    ops.put("delete", finished.ops().delete());
    ops.put("update", finished.ops().update());
    ops.put("noop", finished.ops().noop());
    ops.put("exists", finished.ops().exists());
    var waits = new LinkedHashMap<String, Integer>();
    waits.put("reconcile", finished.waits().reconcile());
    waits.put("delete", finished.waits().delete());
    waits.put("noop", finished.waits().noop());
    var response =
        new DeployResponse(
            finished.appId(),
            finished.changeId(),
            false,
            finished.successful(),
            finished.description(),
            ops,
            waits,
            List.of(),
            List.of(),
            null);
    if (finished.successful()) {
      return new KeyRecord.Answer(HttpStatus.OK.value(), json(response));
    }
    var failure =
        new DeployFailure(
            response,
            "change_failed",
            "Change " + finished.changeId() + " failed: " + finished.error(),
            List.of("changeId: " + finished.changeId()));
    return new KeyRecord.Answer(HttpStatus.BAD_GATEWAY.value(), json(failure));
  }

  /** Keeps the answer; a failure to keep it only costs a retry the full answer (logged). */
  private void keep(
      IdempotencyKey key, String changeId, HttpStatus status, Object body, boolean masked) {
    try {
      var tree = JSON.valueToTree(body);
      if (!masked && tree instanceof ObjectNode object && object.has("changes")) {
        for (var c : object.path("changes")) {
          if ("Secret".equals(c.path("kind").asText()) && c instanceof ObjectNode view) {
            view.remove("diff");
          }
        }
      }
      keys.answer(key, changeId, new KeyRecord.Answer(status.value(), json(tree)));
    } catch (RuntimeException e) {
      log.warn(
          "Could not keep the answer of {} for its Idempotency-Key: {}", changeId, e.toString());
    }
  }

  private static byte[] json(Object value) {
    try {
      return JSON.writeValueAsBytes(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("an answer that does not serialise: " + e.getMessage(), e);
    }
  }
}
