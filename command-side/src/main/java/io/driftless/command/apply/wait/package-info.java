/**
 * Waiting for a change's object to converge after it was written, as kapp waits ({@code
 * pkg/kapp/resourcesmisc} in kapp's repository): one {@link
 * io.driftless.command.apply.wait.WaitRule} per kind kapp knows (Deployment, StatefulSet,
 * DaemonSet, Job, CRD, Namespace, a LoadBalancer Service), every other kind done at once; deletes
 * wait until the object is gone. The {@link io.driftless.command.apply.wait.Waiter} polls the
 * cluster through {@code ClusterGateway} reads only, a wave's objects per kind ({@code
 * cluster/LabelledReads}: one labelled LIST per apiVersion, kind and namespace per poll); it knows
 * no Kubernetes client, and reports kapp's {@code ongoing:}/{@code ok:}/{@code fail:} lines to a
 * {@link io.driftless.command.apply.wait.Progress}. It records nothing and knows no deploy: the
 * apply step ({@code apply/ChangeApplier}) decides what a failed wait means. Checked by {@code
 * CommandArchitectureTest}: no Axon, aggregate, plan, change or HTTP face, no class of {@code
 * apply} itself, no {@code ClusterGateway} write.
 */
package io.driftless.command.apply.wait;
