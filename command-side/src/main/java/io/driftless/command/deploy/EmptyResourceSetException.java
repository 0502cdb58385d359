package io.driftless.command.deploy;

import java.util.List;

/**
 * A deploy body without resources and without {@code allowEmpty=true} (422 {@code no_resources}).
 * Deploying an empty set deletes every resource of the app, so, as kapp does without {@code
 * --dangerous-allow-empty-list-of-resources}, it has to be asked for.
 */
final class EmptyResourceSetException extends RuntimeException {

  private final List<String> details;

  EmptyResourceSetException(String namespace, String app) {
    super(
        "The body holds no resources; deploying it would delete every resource of the app. To"
            + " remove everything on purpose, add allowEmpty=true or send DELETE /api/apps/"
            + namespace
            + "/"
            + app
            + ".");
    this.details =
        List.of(
            "empty bodies, bodies of only '---' or comments, of only kapp Config documents, and"
                + " {\"resources\": []} hold no resources",
            "allowEmpty=true deploys the empty set (kapp's"
                + " --dangerous-allow-empty-list-of-resources)",
            "DELETE /api/apps/{namespace}/{app} deletes the app and all its resources");
  }

  List<String> details() {
    return details;
  }
}
