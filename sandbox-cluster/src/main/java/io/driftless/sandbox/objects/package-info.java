/**
 * The sandbox's view of stored objects (JSON trees, their type and path, the store controllers
 * write through) and the small JSON steps every other package shares.
 */
package io.driftless.sandbox.objects;
