/**
 * The only door to Kubernetes. Everything that reads or writes the cluster goes through {@link
 * io.driftless.command.cluster.ClusterGateway}, and every watch through {@link
 * io.driftless.command.cluster.ClusterWatches} (label-selected, one per owned kind, a fingerprint
 * per object, told of the gateway's own writes); it knows fabric8, and nothing else in the command
 * side does (checked by {@code CommandArchitectureTest}); its Spring wiring ({@code ClusterConfig})
 * lives here for that reason. It never relies on API discovery (the sandbox cluster has none):
 * plural names and scope come from the diff engine's tables and the CRDs of the manifest.
 */
package io.driftless.command.cluster;
