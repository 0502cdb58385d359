package io.driftless.command.relay;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.events.AppDeleted;
import io.driftless.events.EventCodec;
import io.driftless.events.StoredEvent;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.axonframework.eventhandling.AnnotationEventHandlerAdapter;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.messaging.MetaData;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.axonframework.serialization.SerializedMessage;
import org.axonframework.serialization.SimpleSerializedObject;
import org.axonframework.serialization.json.JacksonSerializer;
import org.junit.jupiter.api.Test;

/** The relay forwards stored events without reading their payloads. */
class EventRelayTest {

  private static final Instant AT = Instant.parse("2026-11-21T10:00:00Z");

  private final JacksonSerializer serializer =
      JacksonSerializer.builder().objectMapper(EventCodec.newMapper()).build();
  private final List<StoredEvent> published = new ArrayList<>();
  private final AnnotationEventHandlerAdapter relay =
      new AnnotationEventHandlerAdapter(new EventRelay(published::addAll, serializer));

  @Test
  void storedPayloadBytesAreForwardedUnreadWithTheEnvelopeFields() throws Exception {
    // Spacing the mapper would never write: proof that the bytes were copied, not rewritten.
    var stored =
        "{ \"appId\" : \"default/a\", \"changeId\" : \"a-change-000002\", \"deletedAt\" : \"%s\" }"
            .formatted(AT)
            .getBytes(StandardCharsets.UTF_8);
    var payload =
        new SerializedMessage<>(
            "e-7",
            new SimpleSerializedObject<>(stored, byte[].class, AppDeleted.class.getName(), null),
            new SimpleSerializedObject<>(
                "{}".getBytes(StandardCharsets.UTF_8),
                byte[].class,
                MetaData.class.getName(),
                null),
            serializer);
    var message = new GenericDomainEventMessage<>("App", "default/a", 4, payload, () -> AT);

    var unitOfWork = DefaultUnitOfWork.startAndGet(message);
    unitOfWork.executeWithResult(() -> relay.handle(message));

    assertThat(published).hasSize(1);
    var event = published.get(0);
    assertThat(event.payloadJson()).isEqualTo(stored);
    assertThat(payload.isPayloadDeserialized()).isFalse();
    assertThat(List.of(event.eventId(), event.aggregateType(), event.aggregateId(), event.type()))
        .containsExactly("e-7", "App", "default/a", "AppDeleted");
    assertThat(event.sequence()).isEqualTo(4);
    assertThat(event.occurredAt()).isEqualTo(AT);
    assertThat(event.toEnvelope().payload())
        .isEqualTo(new AppDeleted("default/a", "a-change-000002", AT));
  }
}
