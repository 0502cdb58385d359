/**
 * Simulated controllers of kube-controller-manager and apiextensions-apiserver, each switchable:
 * they react to stored changes and write status (or, for the autoscaler, a scale) through the
 * object store.
 */
package io.driftless.sandbox.controllers;
