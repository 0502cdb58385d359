package io.driftless.command.deploy;

import io.driftless.diff.resources.ManifestLimits;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Input limits of the deploy API ({@code driftless.deploy.*}), each a setting with a default that a
 * single laptop and a busy server can both live with (README, "Settings").
 *
 * @param maxBodyBytes the largest accepted body (default 10 MiB)
 * @param maxResources the most resources in one manifest (default 5,000)
 * @param maxObjectBytes the largest one resource may be as JSON (default 1,572,864: etcd's default
 *     request limit, so the most a Kubernetes API server stores)
 * @param maxNestingDepth how deep maps and lists of a body may nest, YAML and JSON alike (default
 *     100); deeper is 400 {@code unparsable_body} in the same words for both
 * @param requestTimeout how long a client may take to send a deploy's body (default 30 s); a slower
 *     one gets 408 and holds no thread while it trickles
 * @param maxConcurrentChanges how many deploys and deletes one server runs at once (default 32);
 *     more get 503 {@code server_busy}
 */
@ConfigurationProperties("driftless.deploy")
public record DeployLimits(
    Long maxBodyBytes,
    Integer maxResources,
    Long maxObjectBytes,
    Integer maxNestingDepth,
    Duration requestTimeout,
    Integer maxConcurrentChanges) {

  /** Fills in the defaults. */
  public DeployLimits {
    maxBodyBytes = maxBodyBytes == null ? 10L * 1024 * 1024 : maxBodyBytes;
    maxResources = maxResources == null ? 5_000 : maxResources;
    maxObjectBytes =
        maxObjectBytes == null ? ManifestLimits.DEFAULT_MAX_OBJECT_BYTES : maxObjectBytes;
    maxNestingDepth =
        maxNestingDepth == null ? ManifestLimits.DEFAULT_MAX_NESTING_DEPTH : maxNestingDepth;
    requestTimeout = requestTimeout == null ? Duration.ofSeconds(30) : requestTimeout;
    maxConcurrentChanges = maxConcurrentChanges == null ? 32 : maxConcurrentChanges;
  }

  /** The limits the diff engine's parser enforces. */
  public ManifestLimits manifestLimits() {
    return new ManifestLimits(maxResources, maxObjectBytes, maxNestingDepth);
  }
}
