/**
 * A write's path through the API server between decoding and storage: defaulting, mutating
 * admission, the registry strategies (status, generation, generated and allocated values),
 * validation and managedFields.
 */
package io.driftless.sandbox.server;
