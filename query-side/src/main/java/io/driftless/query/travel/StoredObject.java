package io.driftless.query.travel;

import java.util.Map;

/**
 * One object of a desired set as of a change: the version applied last at or before it.
 *
 * @param resourceId the ResourceChange aggregate id
 * @param changeId the change that applied this version
 * @param content the object as applied (a Secret's values are keyed fingerprints)
 */
record StoredObject(
    String resourceId,
    String apiVersion,
    String kind,
    String namespace,
    String name,
    String changeId,
    Map<String, Object> content) {}
