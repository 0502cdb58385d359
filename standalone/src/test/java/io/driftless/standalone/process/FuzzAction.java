package io.driftless.standalone.process;

/**
 * One step of the outside-edit fuzz test: an operator's edit of the sandbox made straight at its
 * API (as {@code kubectl} would), or a command to Driftless, or a restart of the server. Every
 * random choice is made when the action is planned ({@link FuzzPlanner}), so the action log says
 * exactly what was done.
 */
sealed interface FuzzAction
    permits EditField,
        AddMapKey,
        RemoveMapKey,
        DeleteObject,
        Scale,
        ChangeLabels,
        ChangeAnnotations,
        EditNewestVersion,
        DeleteNewestVersion,
        DeleteCustomResource,
        InvalidEdit,
        Deploy,
        Reconcile,
        Restart,
        DeleteApp {

  /** The action's kind, as counted in the summary ({@code edit-field}, {@code deploy} ...). */
  String kind();

  /** What it does, for the action log. */
  String describe();

  /** Does it; answers what happened (a status, the cluster's or Driftless's message). */
  String run(FuzzRun run) throws Exception;
}
