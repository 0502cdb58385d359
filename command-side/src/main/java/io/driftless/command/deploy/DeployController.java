package io.driftless.command.deploy;

import io.driftless.diff.plan.ChangeFilter;
import io.driftless.diff.resources.ManifestException;
import io.driftless.diff.resources.ManifestFormat;
import jakarta.servlet.http.HttpServletRequest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The command API of API.md: deploy and delete an app. */
@RestController
@RequestMapping("/api/apps/{namespace}/{app}")
class DeployController {

  private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?");

  private final DeployService deploys;
  private final DeployLimits limits;

  DeployController(DeployService deploys, DeployLimits limits) {
    this.deploys = deploys;
    this.limits = limits;
  }

  @PostMapping("/deploy")
  DeployResponse deploy(
      @PathVariable String namespace,
      @PathVariable String app,
      @RequestParam(defaultValue = "false") boolean dryRun,
      @RequestParam(defaultValue = "false") boolean diffChanges,
      @RequestParam(defaultValue = "2") int diffContext,
      @RequestParam(defaultValue = "true") boolean diffMask,
      @RequestParam(required = false) String diffFilter,
      @RequestParam(defaultValue = "true") boolean diffAgainstLastApplied,
      @RequestParam(defaultValue = "false") boolean overrideOwnership,
      HttpServletRequest request)
      throws IOException {
    checkNames(namespace, app);
    var body = readBody(request);
    var contentType = request.getContentType();
    var format =
        contentType != null && contentType.toLowerCase().contains("json")
            ? ManifestFormat.JSON
            : ManifestFormat.YAML;
    var diff =
        new DiffOptions(
            diffChanges,
            Math.max(0, diffContext),
            diffMask,
            ChangeFilter.parse(diffFilter),
            diffAgainstLastApplied);
    var defaults = DeployOptions.defaults();
    var options =
        new DeployOptions(
            dryRun,
            defaults.allowEmpty(),
            overrideOwnership,
            defaults.defaultLabelScopingRules(),
            defaults.waitTimeout());
    return deploys.deploy(new DeployRequest(namespace, app, body, format, options, diff));
  }

  @DeleteMapping
  DeployResponse delete(@PathVariable String namespace, @PathVariable String app) {
    checkNames(namespace, app);
    return deploys.delete(namespace, app);
  }

  private String readBody(HttpServletRequest request) throws IOException {
    var max = limits.maxBodyBytes();
    if (request.getContentLengthLong() > max) {
      throw new BodyTooLargeException(max);
    }
    var out = new ByteArrayOutputStream();
    var buffer = new byte[64 * 1024];
    try (var in = request.getInputStream()) {
      for (int n; (n = in.read(buffer)) > 0; ) {
        if (out.size() + n > max) {
          throw new BodyTooLargeException(max);
        }
        out.write(buffer, 0, n);
      }
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  private static void checkNames(String namespace, String app) {
    var problems = new java.util.ArrayList<String>();
    if (!DNS_LABEL.matcher(namespace).matches()) {
      problems.add("namespace \"" + namespace + "\" is not a valid Kubernetes namespace name");
    }
    if (!DNS_LABEL.matcher(app).matches()) {
      problems.add("app \"" + app + "\" is not a valid app name (a DNS-1123 label)");
    }
    if (!problems.isEmpty()) {
      throw new ManifestException(
          ManifestException.Reason.INVALID, "the app's namespace or name is invalid", problems);
    }
  }
}
