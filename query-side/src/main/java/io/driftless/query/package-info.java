/**
 * The read model. It must not know the command side: the two meet only in {@code
 * io.driftless.events}. So far only the process and its health endpoint exist; the consumers,
 * version-checked views and query API are issue 3.
 */
package io.driftless.query;
