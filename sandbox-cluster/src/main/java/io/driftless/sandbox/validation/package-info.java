/**
 * The API server's refusals where defaults and updates meet (422 Invalid with a Status body); pure
 * functions on the defaulted object and the stored one.
 */
package io.driftless.sandbox.validation;
