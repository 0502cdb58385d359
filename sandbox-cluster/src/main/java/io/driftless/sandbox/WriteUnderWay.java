package io.driftless.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.controllers.Change;
import io.driftless.sandbox.objects.Nodes;
import io.driftless.sandbox.server.Admission.Operation;
import io.driftless.sandbox.server.ManagedFields;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What {@link SandboxDispatcher} knows of the write under way (guarded by its write monitor): who
 * writes ({@link Managers}), through which subresource, whether as a dry run or a server-side
 * apply, the object stored for the answer, and the objects it changed; and the same for a
 * controller's write made inside a client's ({@link #asController}), which must leave the client's
 * untouched.
 */
final class WriteUnderWay {

  private String manager = "unknown";
  private Operation internal;
  private String stored;
  // the subresource written ("", status or scale)
  private String subresource = "";
  private boolean dryRun;
  // the fields a server-side apply under way applies, else null
  private Set<List<String>> applying;
  private boolean changed;
  private final List<Change> changes = new ArrayList<>();

  /** Starts a client's write ({@code request} null for a delete or a reset). */
  void begin(RecordedRequest request) {
    changed = false;
    changes.clear();
    stored = null;
    manager = Managers.of(request);
    subresource = "";
    applying = null;
    dryRun = request != null && DryRun.requested(request.getPath());
  }

  String manager() {
    return manager;
  }

  boolean dryRun() {
    return dryRun;
  }

  void dryRun(boolean dry) {
    dryRun = dry;
  }

  /** The write goes through the scale subresource. */
  void scale() {
    subresource = "scale";
  }

  /** The write is a server-side apply of {@code fields}. */
  void applying(Set<List<String>> fields) {
    applying = fields;
  }

  /** The object stored for the client's answer, or null. */
  String stored() {
    return stored;
  }

  /** Drops the stored object: the answer is not the object (a Scale). */
  void forgetStored() {
    stored = null;
  }

  /** Keeps {@code json} as the client's answer (a controller's write is never the answer). */
  void remember(String json) {
    if (internal == null) {
      stored = json;
    }
  }

  /**
   * A dry run's answer: the object as it would be stored, and not stored, so its version is the
   * stored one's ({@code before}'s; none for a create).
   */
  void rememberUnstored(ObjectNode next, ObjectNode before) {
    var metadata = Nodes.object(next, "metadata");
    if (before == null) {
      metadata.remove("resourceVersion");
    } else {
      metadata.set("resourceVersion", before.path("metadata").get("resourceVersion"));
    }
    remember(Serialization.asJson(next));
  }

  /** Something was stored or removed. */
  void changed() {
    changed = true;
  }

  boolean hasChanged() {
    return changed;
  }

  /** An object was written: the controllers react to it. */
  void changed(Change change) {
    changed = true;
    changes.add(change);
  }

  List<Change> changes() {
    return List.copyOf(changes);
  }

  /** The operation admission sees: a controller's own, else by the object and the path. */
  Operation operation(String path, ObjectNode before) {
    if (internal != null) {
      return internal;
    }
    if (before == null) {
      return Operation.CREATE;
    }
    return path.endsWith("/status") ? Operation.STATUS : Operation.UPDATE;
  }

  /** Sets {@code next}'s managedFields for this write's manager. */
  void stamp(ObjectNode next, ObjectNode before, Operation operation) {
    if (applying != null) {
      ManagedFields.stampApply(next, before, manager, applying);
    } else {
      ManagedFields.stamp(
          next, before, manager, operation == Operation.STATUS ? "status" : subresource);
    }
  }

  /**
   * Runs a controller's write as {@code writer}: its changes go to {@code controllerWrites}, and
   * the client's manager, answer, apply and changes are as they were after it.
   */
  void asController(
      String writer, Operation operation, List<Change> controllerWrites, Runnable write) {
    var client = manager;
    var answer = stored;
    var clientApply = applying;
    var pending = new ArrayList<>(changes);
    changes.clear();
    manager = writer;
    internal = operation;
    applying = null;
    try {
      write.run();
      controllerWrites.addAll(changes);
    } finally {
      manager = client;
      internal = null;
      applying = clientApply;
      stored = answer;
      changes.clear();
      changes.addAll(pending);
    }
  }

  /** Runs {@code write} through the scale subresource (the autoscaler's write). */
  void throughScale(Runnable write) {
    var client = subresource;
    subresource = "scale";
    try {
      write.run();
    } finally {
      subresource = client;
    }
  }
}
