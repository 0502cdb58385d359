package io.driftless.standalone.kappexamples;

import static io.driftless.standalone.kappexamples.DriftlessApi.body;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 12's zero writes on every manifest of the repository's {@code examples/} folder (kapp's
 * examples and cf-for-k8s; its README names their sources) that {@link KappExampleScenario}'s
 * subclasses do not already deploy (cert-manager is {@link CertManagerExampleIT}): each is deployed
 * as an app into the sandbox with its controllers running, then {@link
 * KappExampleScenario#RECONCILES} reconciles send no write request to the sandbox, store no event
 * and record no app-change; the delete removes the app. simple-app is deployed as v1, then v2.
 */
class ExamplesFolderIT extends KappExampleScenario {

  @ParameterizedTest
  @CsvSource({
    "guestbook, guestbook.yml",
    "redis, redis-with-configmap.yml",
    "simple-app, simple-app-v1.yml simple-app-v2.yml",
    "cf-for-k8s, cf-for-k8s-v0.2.0.yml"
  })
  void reconcilesAfterADeployWriteNothing(String name, String files) {
    var versions =
        List.of(files.split(" ")).stream()
            .map(file -> new ExampleApp(name, List.of(Path.of("examples", file))))
            .toList();
    var api = api(versions.get(0));

    for (var version : versions) {
      var deployed = body(api.deploy(version.body(), ""), 200);
      assertThat(deployed.get("successful").asBoolean()).as(deployed.toString()).isTrue();
      assertThat(deployed.get("changeId").isNull()).as(deployed.toString()).isFalse();
    }
    reconcilesWriteNothing(api);

    var deleted = body(api.delete(), 200);
    assertThat(deleted.get("successful").asBoolean()).as(deleted.toString()).isTrue();
  }
}
