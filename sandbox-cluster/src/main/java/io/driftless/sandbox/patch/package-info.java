/**
 * How the API server applies a PATCH body to a stored object: strategic merge patch with the merge
 * keys and strategies of the built-in kinds ({@link PatchSchema}, a data table taken from
 * Kubernetes' {@code types.go}), JSON merge patch (RFC 7386) and JSON patch (RFC 6902). Pure
 * functions on JSON trees: no store, no HTTP, no other step of a write.
 */
package io.driftless.sandbox.patch;
