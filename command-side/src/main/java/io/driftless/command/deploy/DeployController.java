package io.driftless.command.deploy;

import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The command API of API.md: deploy, reconcile and delete an app. The deploy's body, content type
 * and query parameters are read and checked by {@link DeployRequestReader}; each change runs in one
 * of the server's {@link ChangeSlots}; failures answer in the error shape through {@link
 * ApiErrors}.
 */
@RestController
@RequestMapping("/api/apps/{namespace}/{app}")
class DeployController {

  private final DeployService deploys;
  private final DeployRequestReader requests;
  private final ChangeSlots slots;

  DeployController(DeployService deploys, DeployRequestReader requests, ChangeSlots slots) {
    this.deploys = deploys;
    this.requests = requests;
    this.slots = slots;
  }

  @PostMapping("/deploy")
  DeployResponse deploy(
      @PathVariable String namespace, @PathVariable String app, HttpServletRequest http)
      throws IOException {
    var request = requests.read(namespace, app, http);
    try (var slot = slots.take()) {
      return deploys.deploy(request);
    }
  }

  @PostMapping("/reconcile")
  DeployResponse reconcile(@PathVariable String namespace, @PathVariable String app) {
    AppNames.check(namespace, app);
    try (var slot = slots.take()) {
      return deploys.reconcile(namespace, app);
    }
  }

  @DeleteMapping
  DeployResponse delete(@PathVariable String namespace, @PathVariable String app) {
    AppNames.check(namespace, app);
    try (var slot = slots.take()) {
      return deploys.delete(namespace, app);
    }
  }
}
