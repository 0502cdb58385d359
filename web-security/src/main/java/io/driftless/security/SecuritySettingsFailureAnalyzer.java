package io.driftless.security;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Start-up refused over the API's tokens: one clear paragraph instead of a bean creation trace. */
final class SecuritySettingsFailureAnalyzer
    extends AbstractFailureAnalyzer<SecuritySettingsException> {

  @Override
  protected FailureAnalysis analyze(Throwable root, SecuritySettingsException cause) {
    return new FailureAnalysis(
        cause.getMessage(),
        "Configure API tokens by hash: TOKEN=$(openssl rand -hex 32); set"
            + " DRIFTLESS_SECURITY_TOKENS_0_NAME=<name>,"
            + " DRIFTLESS_SECURITY_TOKENS_0_HASH=sha256:$(printf %s \"$TOKEN\" | sha256sum | cut"
            + " -d' ' -f1) and DRIFTLESS_SECURITY_TOKENS_0_ROLES=deployer,viewer (or admin), or an"
            + " identity provider (driftless.security.jwt.issuer-uri). README \"Authentication\".",
        cause);
  }
}
