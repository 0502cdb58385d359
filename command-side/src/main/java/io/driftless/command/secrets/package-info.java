/**
 * The server's Secret keys at work: sealing the desired content of Secrets (AES-256-GCM, so a
 * reconcile can restore them; {@link io.driftless.command.secrets.SecretVault}), keyed fingerprints
 * of Secret values for the diff ({@link io.driftless.diff.text.HmacFingerprint}), and where the
 * keys come from ({@link io.driftless.diff.text.SecretKeys}, the key ring, lives in diff-engine
 * beside the fingerprint so the query side seals with the same keys; here: configuration,
 * environment, or on embedded defaults a key file under {@code ./data} readable by its owner only).
 *
 * <p>Must not know the cluster, the deploy API or the aggregates' internals (checked by {@code
 * CommandArchitectureTest}: no cluster, no HTTP face, plan, change or apply, no aggregate class);
 * no key and no Secret value is ever logged.
 */
package io.driftless.command.secrets;
