package io.driftless.sandbox;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.driftless.sandbox.objects.Nodes;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.net.URI;

/**
 * The {@code dryRun=All} query parameter of a write ({@code kubectl diff}, {@code
 * --dry-run=server}): the write is admitted and answered as it would be stored, and nothing is
 * stored, versioned, watched or reacted to.
 */
final class DryRun {

  private DryRun() {}

  /** A dry run asked for in the query or, for a delete, in the DeleteOptions body. */
  static boolean requested(RecordedRequest request) {
    if (requested(request.getPath())) {
      return true;
    }
    var body = request.getBody() == null ? "" : request.getBody().readUtf8();
    if (body.isBlank()) {
      return false;
    }
    try {
      for (var value : Nodes.MAPPER.readTree(body).path("dryRun")) {
        if (value.asText().equals("All")) {
          return true;
        }
      }
      return false;
    } catch (JsonProcessingException e) {
      return false;
    }
  }

  static boolean requested(String path) {
    var query = URI.create(path).getRawQuery();
    if (query == null) {
      return false;
    }
    for (var parameter : query.split("&")) {
      if (parameter.equals("dryRun=All")) {
        return true;
      }
    }
    return false;
  }
}
