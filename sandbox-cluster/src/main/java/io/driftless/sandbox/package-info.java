/**
 * A Kubernetes API server stand-in for trying Driftless without a cluster: fabric8's mock API
 * server in CRUD mode ({@link io.driftless.sandbox.SandboxCluster}), whose objects are kept in a
 * file and survive a restart, as a real cluster outlives its clients. It amends what it stores as a
 * Kubernetes 1.30 API server does (defaulting, allocation, validation, server metadata: {@code
 * server}, {@code defaults}, {@code validation}) and runs simulated controllers ({@code
 * controllers}). It knows nothing of Driftless: clients reach it through the kubeconfig it writes,
 * exactly as they reach a real cluster.
 */
package io.driftless.sandbox;
