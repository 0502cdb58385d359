/**
 * Text and content helpers shared by the engine and its callers: content hashes, Secret redaction
 * and masking, stripping of server-written fields, YAML rendering and line diffs.
 *
 * <p>Works on single Jackson trees; must not know about manifests, plans or the cluster, and
 * depends on no other package of the engine.
 */
package io.driftless.diff.text;
