package io.driftless.command.deploy;

import java.util.List;
import org.springframework.http.HttpStatus;

/**
 * A rollback refused before anything is planned, applied or recorded: {@code 404 not_found} (no
 * such app or change), {@code 422 secret_unrecoverable} (a Secret of the set whose seal no
 * configured key opens; {@code details} name them), {@code 422 not_rollbackable} (a delete, lock or
 * unlock row) or {@code 422 no_resources} (an empty set without {@code allowEmpty=true}).
 */
final class RollbackRefusedException extends RuntimeException {

  private final HttpStatus status;
  private final String code;
  private final List<String> details;

  RollbackRefusedException(HttpStatus status, String code, String message, List<String> details) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = List.copyOf(details);
  }

  HttpStatus status() {
    return status;
  }

  String code() {
    return code;
  }

  List<String> details() {
    return details;
  }
}
