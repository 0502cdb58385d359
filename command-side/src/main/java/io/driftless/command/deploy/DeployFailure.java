package io.driftless.command.deploy;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;

/**
 * The 502 answer of a change the cluster refused: the deploy response (each change with its result)
 * plus the error shape's fields.
 *
 * @param error {@code cluster_error}
 * @param message what the cluster said
 * @param details {@code changeId: <id>}
 */
record DeployFailure(
    @JsonUnwrapped DeployResponse response, String error, String message, List<String> details) {}
