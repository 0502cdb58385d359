package io.driftless.diff.plan;

import com.fasterxml.jackson.databind.JsonNode;
import io.driftless.diff.resources.KappAnnotations;
import io.driftless.diff.resources.Resource;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Warnings about {@code kapp.k14s.io/} annotations kapp does not read ({@link
 * KappAnnotations#known}): most likely a typo ({@code kapp.k14s.io/disable-wiat}) that silently
 * changes nothing, so the deploy client is told.
 */
final class AnnotationWarnings {

  private static final String PREFIX = "kapp.k14s.io/";

  private AnnotationWarnings() {}

  /** One warning per unknown annotation, in manifest order. */
  static List<String> of(List<Resource> desired) {
    var warnings = new ArrayList<String>();
    for (Resource resource : desired) {
      JsonNode annotations = resource.object().path("metadata").path("annotations");
      for (Iterator<String> names = annotations.fieldNames(); names.hasNext(); ) {
        String name = names.next();
        if (name.startsWith(PREFIX) && !KappAnnotations.known(name)) {
          warnings.add(warning(resource, name));
        }
      }
    }
    return warnings;
  }

  private static String warning(Resource resource, String annotation) {
    return "Unknown annotation '"
        + annotation
        + "' on resource '"
        + resource.key().kappDescription(resource.apiVersion())
        + "' (kapp does not read it; it has no effect)";
  }
}
