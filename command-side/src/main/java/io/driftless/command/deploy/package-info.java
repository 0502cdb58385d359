/**
 * The HTTP face of the deploy API (API.md) and its use case. The controllers ({@code
 * DeployController}, {@code DeployStreamController}, {@code AbortController}, {@code
 * LockController}) read a request ({@code DeployRequestReader}: app name, content type, query
 * parameters, a body with its limits), with its provenance ({@code ProvenanceInput}), take a change
 * slot ({@code ChangeSlots}), answer retries ({@code SafeRetries}) and errors ({@code ApiErrors},
 * {@code RoutingErrors}) in API.md's shape. {@link io.driftless.command.deploy.DeployService} runs
 * deploys, reconciles ({@link io.driftless.command.deploy.AppReconciler}) and deletes: parse, plan
 * ({@code plan}), start and close the change ({@code change}), apply it ({@code apply}).
 *
 * <p>Only this package (and the server's wiring in {@code config}) sees Spring MVC, the servlet API
 * and the request types ({@code DeployRequest}, {@code DeployOptions}, {@code DiffOptions}); it
 * must not know fabric8. Checked by {@code CommandArchitectureTest}.
 */
package io.driftless.command.deploy;
