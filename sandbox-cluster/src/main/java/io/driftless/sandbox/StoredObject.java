package io.driftless.sandbox;

/**
 * One object as the sandbox keeps it.
 *
 * @param path the object's own API path, e.g. {@code
 *     /apis/apps/v1/namespaces/default/deployments/web}
 * @param json the object as the API server answers it (uid, resourceVersion, generation and
 *     creationTimestamp included)
 */
record StoredObject(String path, String json) {}
