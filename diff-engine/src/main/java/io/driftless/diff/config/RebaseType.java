package io.driftless.diff.config;

/** What a rebase rule does to the desired object. */
public enum RebaseType {
  /** kapp's {@code copy}: set the path from the first source that has it. */
  COPY,
  /** kapp's {@code remove}: drop the path from the desired object. */
  REMOVE,
  /**
   * Built in only (kapp does it with a ytt overlay): keep the token and dockercfg secrets the
   * ServiceAccount controller (or OpenShift) appends to {@code secrets} and {@code
   * imagePullSecrets}.
   */
  SERVICE_ACCOUNT_TOKENS
}
