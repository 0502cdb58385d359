package io.driftless.command.deploy;

import io.driftless.command.idempotency.IdempotencyKey;
import io.driftless.events.ResourceIds;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The command API of API.md: deploy, reconcile, roll back ({@link RollbackService}) and delete an
 * app. The deploy's body, content type and query parameters are read and checked by {@link
 * DeployRequestReader}; each change runs in one of the server's {@link ChangeSlots}; failures
 * answer in the error shape through {@link ApiErrors}. A command with an {@code Idempotency-Key}
 * header runs through {@link SafeRetries}: a retry answers the first attempt's change instead of
 * starting another. Each records who asked ({@link ProvenanceInput}).
 */
@RestController
@RequestMapping("/api/apps/{namespace}/{app}")
class DeployController {

  private final DeployService deploys;
  private final DeployRequestReader requests;
  private final ChangeSlots slots;
  private final SafeRetries retries;
  private final RollbackService rollbacks;

  DeployController(
      DeployService deploys,
      DeployRequestReader requests,
      ChangeSlots slots,
      SafeRetries retries,
      RollbackService rollbacks) {
    this.deploys = deploys;
    this.requests = requests;
    this.slots = slots;
    this.retries = retries;
    this.rollbacks = rollbacks;
  }

  @PostMapping("/deploy")
  ResponseEntity<?> deploy(
      @PathVariable String namespace, @PathVariable String app, HttpServletRequest http)
      throws IOException {
    var header = IdempotencyKeyHeader.read(http);
    var request = requests.read(namespace, app, http);
    // A dry run changes nothing: it is safe to repeat and records no key.
    var key =
        header == null || request.options().dryRun()
            ? null
            : IdempotencyKey.of(
                appId(namespace, app), "deploy", header, fingerprint(request, http));
    return retries.run(
        key,
        request.diff().mask(),
        k -> {
          try (var slot = slots.take()) {
            return deploys.deploy(request, ChangeStream.NONE, k);
          }
        });
  }

  @PostMapping("/reconcile")
  ResponseEntity<?> reconcile(
      @PathVariable String namespace, @PathVariable String app, HttpServletRequest http) {
    var options = DeployParameters.reconcileOptions(http.getQueryString());
    var keyed = keyOf(namespace, app, "reconcile", http);
    // A dry run changes nothing: it is safe to repeat and records no key.
    var key = options.dryRun() ? null : keyed;
    var provenance = ProvenanceInput.of(http);
    return retries.run(
        key,
        true,
        k -> {
          try (var slot = slots.take()) {
            return deploys.reconcile(namespace, app, options, provenance, ChangeStream.NONE, k);
          }
        });
  }

  @DeleteMapping
  ResponseEntity<?> delete(
      @PathVariable String namespace, @PathVariable String app, HttpServletRequest http) {
    var key = keyOf(namespace, app, "delete", http);
    var provenance = ProvenanceInput.of(http);
    return retries.run(
        key,
        true,
        k -> {
          try (var slot = slots.take()) {
            return deploys.delete(namespace, app, provenance, ChangeStream.NONE, k);
          }
        });
  }

  @PostMapping("/rollback")
  ResponseEntity<?> rollback(
      @PathVariable String namespace, @PathVariable String app, HttpServletRequest http) {
    var header = IdempotencyKeyHeader.read(http);
    AppNames.check(namespace, app);
    var parameters =
        RollbackParameters.parse(http.getQueryString(), ProvenanceInput.Caller.of(http));
    var key = rollbackKey(namespace, app, header, parameters, http);
    return retries.run(
        key,
        parameters.diff().mask(),
        k -> {
          try (var slot = slots.take()) {
            return rollbacks.rollback(namespace, app, parameters, ChangeStream.NONE, k);
          }
        });
  }

  /** A rollback's key (null: no header, or a dry run): its query string is the request. */
  static IdempotencyKey rollbackKey(
      String namespace,
      String app,
      String header,
      RollbackParameters parameters,
      HttpServletRequest http) {
    if (header == null || parameters.dryRun()) {
      return null;
    }
    var query = http.getQueryString() == null ? "" : http.getQueryString();
    return IdempotencyKey.of(appId(namespace, app), "rollback", header, "rollback\n" + query);
  }

  /** The key of a command without body or parameters: the request is the endpoint itself. */
  static IdempotencyKey keyOf(
      String namespace, String app, String endpoint, HttpServletRequest http) {
    var header = IdempotencyKeyHeader.read(http);
    AppNames.check(namespace, app);
    return header == null
        ? null
        : IdempotencyKey.of(appId(namespace, app), endpoint, header, endpoint);
  }

  /** What a deploy asks for: its query string, body format and body, as sent. */
  static String fingerprint(DeployRequest request, HttpServletRequest http) {
    var query = http.getQueryString() == null ? "" : http.getQueryString();
    return "deploy\n" + query + "\n" + request.format() + "\n" + request.body();
  }

  private static String appId(String namespace, String app) {
    return ResourceIds.appId(namespace, app);
  }
}
