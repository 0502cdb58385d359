package io.driftless.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * The meta the CLI adds to a change by itself (docs/API.md's conventional keys): {@code
 * pipeline.url}, {@code pipeline.run} and the {@code git.*} a CI system gives in its variables
 * (GitHub Actions, GitLab CI, Jenkins; the first of them whose variables are set), then the {@code
 * git.*} it lacks from {@code git} in the working directory: {@code git.commit} ({@code HEAD}),
 * {@code git.ref} (the branch; none on a detached {@code HEAD}) and {@code git.repo} (the {@code
 * origin} remote). CI first: a CI checkout is often a detached {@code HEAD} of a merge commit, and
 * the CI knows the branch it built. Nothing outside a repository, without {@code git}, or when it
 * does not answer within {@link #GIT_TIMEOUT_SECONDS}: the meta is a convenience, never a reason to
 * fail a deploy. Credentials in a repository URL are removed ({@link #withoutCredentials}).
 */
final class AutoMeta {

  static final String COMMIT = "git.commit";
  static final String REPO = "git.repo";
  static final String REF = "git.ref";
  static final String PIPELINE_URL = "pipeline.url";
  static final String PIPELINE_RUN = "pipeline.run";

  private static final long GIT_TIMEOUT_SECONDS = 3;
  private static final Pattern URL_USER_INFO =
      Pattern.compile("^([A-Za-z][A-Za-z0-9+.-]*)://([^/@]*)@");

  private AutoMeta() {}

  static Map<String, String> of(CliContext context) {
    var meta = new LinkedHashMap<>(fromCi(context.environment()));
    fromGit(context.workingDirectory()).forEach(meta::putIfAbsent);
    return meta;
  }

  static Map<String, String> fromCi(Map<String, String> env) {
    var meta = new LinkedHashMap<String, String>();
    if (set(env, "GITHUB_RUN_ID") && set(env, "GITHUB_REPOSITORY")) {
      gitHubActions(env, meta);
    } else if (set(env, "CI_PIPELINE_ID") || set(env, "CI_PIPELINE_URL")) {
      ci(meta, env, "CI_PIPELINE_URL", "CI_PIPELINE_ID", "CI_COMMIT_SHA", "CI_COMMIT_REF_NAME");
      put(meta, REPO, env.get("CI_PROJECT_URL"));
    } else if (set(env, "BUILD_URL")) {
      ci(meta, env, "BUILD_URL", "BUILD_NUMBER", "GIT_COMMIT", "GIT_BRANCH");
      put(meta, REPO, env.get("GIT_URL"));
    }
    return meta;
  }

  /** GitHub Actions names no run URL: it is the repository's {@code /actions/runs/<id>}. */
  private static void gitHubActions(Map<String, String> env, Map<String, String> meta) {
    var server =
        set(env, "GITHUB_SERVER_URL") ? env.get("GITHUB_SERVER_URL") : "https://github.com";
    var repo = server.replaceAll("/+$", "") + "/" + env.get("GITHUB_REPOSITORY");
    put(meta, PIPELINE_URL, repo + "/actions/runs/" + env.get("GITHUB_RUN_ID"));
    put(meta, PIPELINE_RUN, env.get("GITHUB_RUN_ID"));
    put(meta, COMMIT, env.get("GITHUB_SHA"));
    put(meta, REF, env.get("GITHUB_REF_NAME"));
    put(meta, REPO, repo);
  }

  private static void ci(
      Map<String, String> meta, Map<String, String> env, String... urlRunCommitRef) {
    put(meta, PIPELINE_URL, env.get(urlRunCommitRef[0]));
    put(meta, PIPELINE_RUN, env.get(urlRunCommitRef[1]));
    put(meta, COMMIT, env.get(urlRunCommitRef[2]));
    put(meta, REF, env.get(urlRunCommitRef[3]));
  }

  static Map<String, String> fromGit(Path directory) {
    var meta = new LinkedHashMap<String, String>();
    var head = git(directory, "rev-parse", "HEAD", "--abbrev-ref", "HEAD");
    if (head.isEmpty()) {
      return meta;
    }
    var lines = head.get().lines().toList();
    put(meta, COMMIT, lines.isEmpty() ? null : lines.get(0));
    if (lines.size() > 1 && !lines.get(1).equals("HEAD")) {
      put(meta, REF, lines.get(1));
    }
    git(directory, "config", "--get", "remote.origin.url").ifPresent(url -> put(meta, REPO, url));
    return meta;
  }

  /**
   * {@code https://user:token@host/x.git} without its user info (an http(s) URL's user is often a
   * token); of another scheme's URL the password only ({@code ssh://git@host/...} keeps {@code
   * git@}). An scp-like {@code git@host:x.git} carries no password and stays as it is.
   */
  static String withoutCredentials(String url) {
    var matcher = URL_USER_INFO.matcher(url);
    if (!matcher.find()) {
      return url;
    }
    var scheme = matcher.group(1);
    if (scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https")) {
      return scheme + "://" + url.substring(matcher.end());
    }
    var user = matcher.group(2);
    var colon = user.indexOf(':');
    return colon < 0
        ? url
        : scheme + "://" + user.substring(0, colon) + "@" + url.substring(matcher.end());
  }

  private static Optional<String> git(Path directory, String... arguments) {
    var command = new java.util.ArrayList<>(List.of("git"));
    command.addAll(List.of(arguments));
    try {
      var process =
          new ProcessBuilder(command)
              .directory(directory.toFile())
              .redirectError(ProcessBuilder.Redirect.DISCARD)
              .start();
      process.getOutputStream().close();
      // Waits first, reads after: git's answers here are a line or two, far below a pipe's buffer.
      if (!process.waitFor(GIT_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        return Optional.empty();
      }
      var output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      return process.exitValue() == 0 && !output.isBlank()
          ? Optional.of(output.strip())
          : Optional.empty();
    } catch (IOException e) {
      return Optional.empty(); // no git on the PATH, or the directory is gone
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
  }

  private static boolean set(Map<String, String> env, String name) {
    var value = env.get(name);
    return value != null && !value.isBlank();
  }

  private static void put(Map<String, String> meta, String key, String value) {
    if (value != null && !value.isBlank()) {
      meta.put(key, key.equals(REPO) ? withoutCredentials(value.strip()) : value.strip());
    }
  }
}
