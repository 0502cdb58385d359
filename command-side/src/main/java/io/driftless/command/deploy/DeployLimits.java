package io.driftless.command.deploy;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Input limits of the deploy API.
 *
 * @param maxBodyBytes the largest accepted body (default 10 MiB)
 * @param maxResources the most resources in one manifest (default 5,000)
 */
@ConfigurationProperties("driftless.deploy")
record DeployLimits(Long maxBodyBytes, Integer maxResources) {

  DeployLimits {
    maxBodyBytes = maxBodyBytes == null ? 10L * 1024 * 1024 : maxBodyBytes;
    maxResources = maxResources == null ? 5_000 : maxResources;
  }
}
