package io.driftless.command.resource;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import io.driftless.events.ResourceApplyFailed;
import io.driftless.events.ResourceCreated;
import io.driftless.events.ResourceDeleted;
import io.driftless.events.ResourceDisowned;
import io.driftless.events.ResourceRef;
import io.driftless.events.ResourceUpdated;
import io.driftless.events.SealedObject;
import java.util.Map;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateCreationPolicy;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.CreationPolicy;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * One object of an app, over its whole life: created, updated, deleted, perhaps created again,
 * perhaps taken over by another app ({@link ResourceDisowned}) and back. The aggregate lives on
 * after a delete or a takeover, so its sequence numbers stay gap-free across re-creates. An apply
 * is recorded as the cluster saw it: a create as {@link ResourceCreated}, a write to an object that
 * existed (an update, an adoption, a takeover) as {@link ResourceUpdated}, also when it is the
 * app's first record of the object.
 */
@Aggregate(snapshotTriggerDefinition = "driftlessSnapshotTrigger")
public class ResourceChange {

  @AggregateIdentifier private String resourceId;
  private ResourceRef resource;
  private Map<String, Object> lastApplied;
  private String resourceVersion;
  private long generation;
  private SealedObject sealedDesired;

  /** For Axon. */
  protected ResourceChange() {}

  @CommandHandler
  @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
  public void handle(RecordResourceApplied command) {
    if (command.created()) {
      apply(
          new ResourceCreated(
              command.resourceId(),
              command.appId(),
              command.changeId(),
              command.resource(),
              command.applied(),
              command.appliedHash(),
              command.resourceVersion(),
              command.generation(),
              command.fields(),
              command.at(),
              command.sealedDesired()));
    } else {
      apply(
          new ResourceUpdated(
              command.resourceId(),
              command.appId(),
              command.changeId(),
              command.resource(),
              command.applied(),
              command.appliedHash(),
              command.resourceVersion(),
              command.generation(),
              command.fields(),
              command.at(),
              command.sealedDesired()));
    }
  }

  @CommandHandler
  public void handle(RecordResourceDeleted command) {
    if (lastApplied == null) {
      throw new ResourceNotAppliedException(command.resourceId());
    }
    apply(
        new ResourceDeleted(
            resourceId,
            command.appId(),
            command.changeId(),
            command.resource(),
            command.at(),
            command.orphaned()));
  }

  @CommandHandler
  public void handle(RecordResourceDisowned command) {
    if (lastApplied == null) {
      throw new ResourceNotAppliedException(command.resourceId());
    }
    apply(
        new ResourceDisowned(
            resourceId,
            command.appId(),
            command.changeId(),
            command.resource(),
            command.newOwnerApp(),
            command.at()));
  }

  @CommandHandler
  @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
  public void handle(RecordApplyFailed command) {
    apply(
        new ResourceApplyFailed(
            command.resourceId(),
            command.appId(),
            command.changeId(),
            command.resource(),
            command.op(),
            command.reason(),
            command.at()));
  }

  /** A read-only view for planning. */
  public ResourceState state() {
    return new ResourceState(resource, lastApplied, resourceVersion, generation, sealedDesired);
  }

  @EventSourcingHandler
  void on(ResourceCreated event) {
    applied(event.resourceId(), event.resource(), event.applied());
    resourceVersion = event.resourceVersion();
    generation = event.generation();
    sealedDesired = event.sealedDesired();
  }

  @EventSourcingHandler
  void on(ResourceUpdated event) {
    applied(event.resourceId(), event.resource(), event.applied());
    resourceVersion = event.resourceVersion();
    generation = event.generation();
    sealedDesired = event.sealedDesired();
  }

  @EventSourcingHandler
  void on(ResourceDeleted event) {
    lastApplied = null;
    resourceVersion = null;
    generation = 0;
    sealedDesired = null;
  }

  /** The app no longer holds the object: as after a delete, nothing of it is ours to compare. */
  @EventSourcingHandler
  void on(ResourceDisowned event) {
    lastApplied = null;
    resourceVersion = null;
    generation = 0;
    sealedDesired = null;
  }

  @EventSourcingHandler
  void on(ResourceApplyFailed event) {
    resourceId = event.resourceId();
    if (resource == null) {
      resource = event.resource();
    }
  }

  private void applied(String id, ResourceRef ref, Map<String, Object> object) {
    resourceId = id;
    resource = ref;
    lastApplied = object;
  }
}
