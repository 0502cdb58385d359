package io.driftless.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.sandbox.controllers.Controller;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the command side's watch trigger needs from the sandbox: a watch across namespaces selected
 * by a label's existence sees the labelled objects' changes and deletes (and a relabelled object
 * leave), never unlabelled objects; and clients' write requests are counted by field manager, the
 * controllers' writes not; every request is counted by verb, and by path while asked (issue 31's
 * deploy cost benchmark).
 */
class WatchAndWriteCountIT {

  @TempDir Path dir;

  private static ConfigMap configMap(String name, String namespace, boolean labelled) {
    var metadata = new ConfigMapBuilder().withNewMetadata().withName(name).withNamespace(namespace);
    if (labelled) {
      metadata = metadata.addToLabels("driftless.io/app", "app.default");
    }
    return metadata.endMetadata().addToData("a", "b").build();
  }

  @Test
  void labelSelectedWatchAcrossNamespaces() throws InterruptedException {
    try (var fixture = SandboxFixture.start(dir, Controller.defaults())) {
      var queue = new LinkedBlockingQueue<String>();
      var configMaps = fixture.client.configMaps();
      try (var watch =
          configMaps
              .inAnyNamespace()
              .withLabel("driftless.io/app")
              .watch(
                  new Watcher<ConfigMap>() {
                    @Override
                    public void eventReceived(Action action, ConfigMap object) {
                      queue.add(action + " " + object.getMetadata().getName());
                    }

                    @Override
                    public void onClose(WatcherException cause) {}
                  })) {
        configMaps.inNamespace("default").resource(configMap("plain", "default", false)).create();
        configMaps.inNamespace("default").resource(configMap("one", "default", true)).create();
        configMaps.inNamespace("other").resource(configMap("two", "other", true)).create();
        configMaps
            .inNamespace("other")
            .withName("two")
            .edit(
                c -> {
                  c.getMetadata().getLabels().remove("driftless.io/app");
                  return c;
                });
        configMaps.inNamespace("default").withName("one").delete();
        var events = new ArrayList<String>();
        while (events.size() < 4) {
          var event = queue.poll(20, TimeUnit.SECONDS);
          assertThat(event).as("watch event after " + events).isNotNull();
          events.add(event);
        }
        assertThat(events).containsExactly("ADDED one", "ADDED two", "DELETED two", "DELETED one");
      }
      var writes = fixture.sandbox.writeRequests();
      assertThat(writes).containsOnlyKeys("fabric8-kubernetes-client");
      assertThat(writes.get("fabric8-kubernetes-client")).isEqualTo(5);
      assertThat(queue).isEmpty();
    }
  }

  @Test
  void requestsCountedByVerbAndByPathWhileAsked() {
    try (var fixture = SandboxFixture.start(dir, Controller.defaults())) {
      var configMaps = fixture.client.configMaps();
      var before = fixture.sandbox.requestsByVerb();
      fixture.sandbox.recordRequestPaths(true);

      configMaps.inNamespace("default").resource(configMap("one", "default", true)).create();
      configMaps.inNamespace("default").withName("one").get();
      configMaps.inNamespace("default").withLabel("driftless.io/app").list();
      configMaps.inNamespace("default").withName("one").delete();

      var after = fixture.sandbox.requestsByVerb();
      for (var verb : new String[] {"create", "get", "list", "delete"}) {
        assertThat(after.get(verb) - before.getOrDefault(verb, 0L)).as(verb).isEqualTo(1);
      }
      assertThat(fixture.sandbox.requestsByPath())
          .containsEntry("GET /api/v1/namespaces/default/configmaps/one", 1L)
          .containsEntry("DELETE /api/v1/namespaces/default/configmaps/one", 1L)
          .hasSize(4);
      assertThat(fixture.sandbox.requestThreads()).isNotEmpty();
      fixture.sandbox.recordRequestPaths(false);
      configMaps.inNamespace("default").withName("one").get();
      assertThat(fixture.sandbox.requestsByPath()).isEmpty();
    }
  }
}
