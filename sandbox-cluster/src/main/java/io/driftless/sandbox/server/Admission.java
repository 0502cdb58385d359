package io.driftless.sandbox.server;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.defaults.Defaults;
import io.driftless.sandbox.objects.Nodes;
import io.driftless.sandbox.objects.ObjectStore;
import io.driftless.sandbox.objects.ObjectType;
import io.driftless.sandbox.validation.Validation;
import java.util.function.BooleanSupplier;

/**
 * The API server's path of a write between decoding and storage, in its order: defaulting, mutating
 * admission (the sidecar injector, when switched on; its output is defaulted again), the registry
 * strategy's PrepareForCreate / PrepareForUpdate (status cleared or kept, a Job's generated
 * selector, a CRD's stored versions, a Service's allocated addresses), validation ({@link
 * io.driftless.sandbox.validation.Invalid}), and {@code metadata.generation}. Status writes (the
 * {@code /status} subresource and the sandbox's controllers) keep the spec and generation.
 */
public final class Admission {

  /** What a write does. */
  public enum Operation {
    CREATE,
    UPDATE,
    STATUS
  }

  private final ObjectStore store;
  private final BooleanSupplier injectSidecars;

  public Admission(ObjectStore store, BooleanSupplier injectSidecars) {
    this.store = store;
    this.injectSidecars = injectSidecars;
  }

  /** Admits {@code next} (changed in place and returned) replacing {@code old} (null on create). */
  public ObjectNode admit(Operation operation, ObjectNode old, ObjectNode next) {
    var type = ObjectType.of(next);
    if (operation == Operation.STATUS) {
      keepAllButStatus(old, next);
    } else {
      mutate(next);
      if (operation == Operation.CREATE) {
        prepareForCreate(type, next);
        Validation.create(next);
      } else {
        prepareForUpdate(type, old, next);
        Validation.update(next, old);
      }
    }
    generation(operation, type, old, next);
    return next;
  }

  private void mutate(ObjectNode next) {
    Defaults.apply(next);
    if (injectSidecars.getAsBoolean()) {
      var namespace =
          store.find(ObjectType.NAMESPACE, "", Nodes.text(next, "metadata", "namespace"));
      if (SidecarInjector.inject(next, namespace)) {
        Defaults.apply(next);
      }
    }
  }

  private void prepareForCreate(ObjectType type, ObjectNode next) {
    if (KindRules.hasStatus(type)) {
      var status = KindRules.emptyStatus(type);
      if (type.equals(ObjectType.CRD)) {
        var stored = status.putArray("storedVersions");
        for (var version : next.path("spec").path("versions")) {
          if (version.path("storage").asBoolean(false)) {
            stored.add(version.path("name").asText());
          }
        }
      }
      next.set("status", status);
    }
    if (type.equals(ObjectType.JOB)) {
      JobSelector.generate(next);
    } else if (type.equals(ObjectType.SERVICE)) {
      ServiceAllocation.allocate(next, null, store.list(ObjectType.SERVICE));
    }
  }

  private void prepareForUpdate(ObjectType type, ObjectNode old, ObjectNode next) {
    if (KindRules.hasStatus(type)) {
      var status = old.get("status");
      if (status == null) {
        next.remove("status");
      } else {
        next.set("status", status.deepCopy());
      }
    }
    if (type.equals(ObjectType.SERVICE)) {
      ServiceAllocation.allocate(next, old, store.list(ObjectType.SERVICE));
    }
  }

  /**
   * A status write (the workload strategies' status PrepareForUpdate): spec and labels stay as
   * stored; status and annotations (a Deployment's revision) are taken from the write.
   */
  private static void keepAllButStatus(ObjectNode old, ObjectNode next) {
    var rebuilt = old.deepCopy();
    var status = next.get("status");
    if (status == null) {
      rebuilt.remove("status");
    } else {
      rebuilt.set("status", status);
    }
    var metadata = Nodes.object(rebuilt, "metadata");
    var annotations = next.path("metadata").get("annotations");
    if (annotations == null) {
      metadata.remove("annotations");
    } else {
      metadata.set("annotations", annotations);
    }
    metadata.set("resourceVersion", next.path("metadata").get("resourceVersion"));
    next.removeAll();
    next.setAll(rebuilt);
  }

  private static void generation(
      Operation operation, ObjectType type, ObjectNode old, ObjectNode next) {
    var metadata = Nodes.object(next, "metadata");
    if (!KindRules.hasGeneration(type)) {
      metadata.remove("generation");
      return;
    }
    if (operation == Operation.CREATE) {
      metadata.put("generation", 1);
      return;
    }
    var previous = old.path("metadata").path("generation").asLong(1);
    var bump = operation == Operation.UPDATE && KindRules.bumpsGeneration(type, old, next);
    metadata.put("generation", bump ? previous + 1 : previous);
  }
}
