package io.driftless.command.deploy;

import io.driftless.diff.resources.ManifestFormat;
import io.driftless.events.Provenance;

/**
 * A deploy of an app's full resource set.
 *
 * @param namespace the app's namespace, also the default namespace of its resources
 * @param app the app's name
 * @param body the manifest: YAML documents or {@code {"resources": [...]}}
 * @param format how to read the body
 * @param options the non-diff options (dry run, empty set, ownership, waiting)
 * @param diff the diff options
 * @param provenance who and what asks for the deploy
 */
record DeployRequest(
    String namespace,
    String app,
    String body,
    ManifestFormat format,
    DeployOptions options,
    DiffOptions diff,
    Provenance provenance) {}
