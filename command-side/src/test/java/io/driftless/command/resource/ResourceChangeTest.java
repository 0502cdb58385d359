package io.driftless.command.resource;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.events.FieldChange;
import io.driftless.events.ResourceApplyFailed;
import io.driftless.events.ResourceCreated;
import io.driftless.events.ResourceDeleted;
import io.driftless.events.ResourceDisowned;
import io.driftless.events.ResourceRef;
import io.driftless.events.ResourceUpdated;
import io.driftless.events.SealedObject;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ResourceChangeTest {

  private static final String APP = "default/simple-app";
  private static final ResourceRef REF =
      new ResourceRef("apps/v1", "Deployment", "default", "simple-app");
  private static final String ID = "default/simple-app/apps/Deployment/default/simple-app";
  private static final Instant AT = Instant.parse("2026-11-21T10:00:00Z");
  private static final Map<String, Object> V1 = Map.of("spec", Map.of("replicas", 1));
  private static final Map<String, Object> V2 = Map.of("spec", Map.of("replicas", 2));
  private static final List<FieldChange> FIELDS =
      List.of(new FieldChange("spec.replicas", 1, 2, "desired"));

  private AggregateTestFixture<ResourceChange> fixture;

  @BeforeEach
  void setUp() {
    fixture = new AggregateTestFixture<>(ResourceChange.class);
  }

  private static RecordResourceApplied applied(boolean created, Map<String, Object> object) {
    return new RecordResourceApplied(
        ID, APP, "c", REF, created, object, "sha256:x", "42", 3, FIELDS, AT, null);
  }

  private static ResourceCreated createdEvent() {
    return new ResourceCreated(ID, APP, "c", REF, V1, "sha256:x", "42", 3, FIELDS, AT);
  }

  @Test
  void anOrphanedObjectIsRecordedAsADeleteThatLeftItInTheCluster() {
    fixture
        .given(createdEvent())
        .when(new RecordResourceDeleted(ID, APP, "d", REF, AT, true))
        .expectEvents(new ResourceDeleted(ID, APP, "d", REF, AT, true));
  }

  @Test
  void firstApplyCreatesTheAggregate() {
    fixture.givenNoPriorActivity().when(applied(true, V1)).expectEvents(createdEvent());
  }

  @Test
  void applyOfAnExistingObjectIsAnUpdate() {
    fixture
        .given(createdEvent())
        .when(applied(false, V2))
        .expectEvents(new ResourceUpdated(ID, APP, "c", REF, V2, "sha256:x", "42", 3, FIELDS, AT));
  }

  @Test
  void aSecretsSealedDesiredObjectGoesIntoTheEventAndTheState() {
    var sealed = new SealedObject("k1", "bm9uY2U=", "Y2lwaGVy");
    var command =
        new RecordResourceApplied(
            ID, APP, "c", REF, false, V2, "sha256:x", "42", 3, FIELDS, AT, sealed);

    fixture
        .given(createdEvent())
        .when(command)
        .expectEvents(
            new ResourceUpdated(ID, APP, "c", REF, V2, "sha256:x", "42", 3, FIELDS, AT, sealed))
        .expectState(state -> assertThat(state.state().sealedDesired()).isEqualTo(sealed));
  }

  @Test
  void aDeleteForgetsTheSealedDesiredObject() {
    var sealed = new SealedObject("k1", "bm9uY2U=", "Y2lwaGVy");
    fixture
        .given(new ResourceCreated(ID, APP, "c", REF, V1, "sha256:x", "42", 3, FIELDS, AT, sealed))
        .when(new RecordResourceDeleted(ID, APP, "d", REF, AT))
        .expectState(state -> assertThat(state.state().sealedDesired()).isNull());
  }

  /** Adopting or taking over an existing object is a write to it, not a create (deploy safety). */
  @Test
  void updateOfAnObjectNeverAppliedIsRecordedAsUpdate() {
    fixture
        .givenNoPriorActivity()
        .when(applied(false, V1))
        .expectEvents(new ResourceUpdated(ID, APP, "c", REF, V1, "sha256:x", "42", 3, FIELDS, AT));
  }

  private static RecordResourceDisowned disown() {
    return new RecordResourceDisowned(ID, APP, "other-change-000001", REF, "default/other", AT);
  }

  private static ResourceDisowned disownedEvent() {
    return new ResourceDisowned(ID, APP, "other-change-000001", REF, "default/other", AT);
  }

  @Test
  void takeoverByAnotherAppIsRecordedAsDisowned() {
    fixture.given(createdEvent()).when(disown()).expectEvents(disownedEvent());
  }

  @Test
  void disownedObjectIsNoLongerHeld() {
    fixture
        .given(createdEvent(), disownedEvent())
        .when(new RecordResourceDeleted(ID, APP, "d", REF, AT))
        .expectException(ResourceNotAppliedException.class)
        .expectNoEvents();
  }

  @Test
  void secondDisownIsRejected() {
    fixture
        .given(createdEvent(), disownedEvent())
        .when(disown())
        .expectException(ResourceNotAppliedException.class)
        .expectNoEvents();
  }

  @Test
  void disownOfADeletedObjectIsRejected() {
    fixture
        .given(createdEvent(), new ResourceDeleted(ID, APP, "d", REF, AT))
        .when(disown())
        .expectException(ResourceNotAppliedException.class)
        .expectNoEvents();
  }

  @Test
  void disownOfAnObjectNeverAppliedIsRejected() {
    fixture
        .givenNoPriorActivity()
        .when(disown())
        .expectException(AggregateNotFoundException.class)
        .expectNoEvents();
  }

  @Test
  void takingTheObjectBackAfterADisownIsAnUpdate() {
    fixture
        .given(createdEvent(), disownedEvent())
        .when(applied(false, V2))
        .expectEvents(new ResourceUpdated(ID, APP, "c", REF, V2, "sha256:x", "42", 3, FIELDS, AT));
  }

  @Test
  void createAfterADisownStartsAgain() {
    fixture
        .given(createdEvent(), disownedEvent())
        .when(applied(true, V1))
        .expectEvents(createdEvent());
  }

  @Test
  void createAfterDeleteStartsAgainOnTheSameAggregate() {
    fixture
        .given(createdEvent(), new ResourceDeleted(ID, APP, "d", REF, AT))
        .when(applied(true, V1))
        .expectEvents(createdEvent());
  }

  @Test
  void deleteOfAnAppliedObjectIsRecorded() {
    fixture
        .given(createdEvent())
        .when(new RecordResourceDeleted(ID, APP, "d", REF, AT))
        .expectEvents(new ResourceDeleted(ID, APP, "d", REF, AT));
  }

  @Test
  void deleteOfAnObjectNeverAppliedIsRejected() {
    fixture
        .givenNoPriorActivity()
        .when(new RecordResourceDeleted(ID, APP, "d", REF, AT))
        .expectException(AggregateNotFoundException.class)
        .expectNoEvents();
  }

  @Test
  void secondDeleteIsRejected() {
    fixture
        .given(createdEvent(), new ResourceDeleted(ID, APP, "d", REF, AT))
        .when(new RecordResourceDeleted(ID, APP, "e", REF, AT))
        .expectException(ResourceNotAppliedException.class)
        .expectNoEvents();
  }

  @Test
  void failedApplyIsRecordedEvenForANewObject() {
    fixture
        .givenNoPriorActivity()
        .when(new RecordApplyFailed(ID, APP, "c", REF, "create", "403 Forbidden", AT))
        .expectEvents(new ResourceApplyFailed(ID, APP, "c", REF, "create", "403 Forbidden", AT));
  }

  @Test
  void failedApplyKeepsTheLastAppliedObject() {
    fixture
        .given(createdEvent(), new ResourceApplyFailed(ID, APP, "c2", REF, "update", "409", AT))
        .when(new RecordResourceDeleted(ID, APP, "d", REF, AT))
        .expectEvents(new ResourceDeleted(ID, APP, "d", REF, AT));
  }
}
