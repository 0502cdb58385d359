package io.driftless.command.deploy;

import io.driftless.diff.resources.ManifestLimits;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Input limits of the deploy API ({@code driftless.deploy.*}).
 *
 * @param maxBodyBytes the largest accepted body (default 10 MiB)
 * @param maxResources the most resources in one manifest (default 5,000)
 * @param maxObjectBytes the largest one resource may be as JSON (default 1,572,864: etcd's default
 *     request limit, so the most a Kubernetes API server stores)
 */
@ConfigurationProperties("driftless.deploy")
public record DeployLimits(Long maxBodyBytes, Integer maxResources, Long maxObjectBytes) {

  /** Fills in the defaults. */
  public DeployLimits {
    maxBodyBytes = maxBodyBytes == null ? 10L * 1024 * 1024 : maxBodyBytes;
    maxResources = maxResources == null ? 5_000 : maxResources;
    maxObjectBytes =
        maxObjectBytes == null ? ManifestLimits.DEFAULT_MAX_OBJECT_BYTES : maxObjectBytes;
  }

  /** The limits the diff engine's parser enforces. */
  public ManifestLimits manifestLimits() {
    return new ManifestLimits(maxResources, maxObjectBytes);
  }
}
