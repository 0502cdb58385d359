package io.driftless.command.deploy;

import java.util.List;

/** A command body of a content type the API does not read (415 {@code unsupported_media_type}). */
final class UnsupportedContentTypeException extends RuntimeException {

  private final List<String> details;

  UnsupportedContentTypeException(String message, List<String> details) {
    super(message);
    this.details = List.copyOf(details);
  }

  List<String> details() {
    return details;
  }
}
