package io.driftless.command.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.axonframework.commandhandling.GenericCommandMessage;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.messaging.MetaData;
import org.axonframework.serialization.SerializedMessage;
import org.axonframework.serialization.SimpleSerializedObject;
import org.axonframework.serialization.json.JacksonSerializer;
import org.junit.jupiter.api.Test;

class CommandOriginProviderTest {

  private final CommandOriginProvider provider = new CommandOriginProvider();

  @Test
  void commandsPassTheirOriginOnAsAxonsProviderDoes() {
    var command =
        GenericCommandMessage.asCommandMessage("deploy").andMetaData(Map.of("traceId", "trace-1"));

    Map<String, Object> data = new HashMap<>(provider.correlationDataFor(command));

    assertThat(data)
        .containsEntry("traceId", "trace-1")
        .containsEntry("correlationId", command.getIdentifier());
  }

  @Test
  void eventsGiveNoneAndTheirStoredMetadataStaysUnread() {
    var serializer = JacksonSerializer.defaultSerializer();
    var stored =
        new SerializedMessage<>(
            "e-1",
            new SimpleSerializedObject<>(
                "\"x\"".getBytes(StandardCharsets.UTF_8),
                byte[].class,
                String.class.getName(),
                null),
            new SimpleSerializedObject<>(
                "{\"traceId\":\"t\",\"correlationId\":\"c\"}".getBytes(StandardCharsets.UTF_8),
                byte[].class,
                MetaData.class.getName(),
                null),
            serializer);
    var event = new GenericDomainEventMessage<>("App", "a", 0, stored, Instant::now);

    assertThat(provider.correlationDataFor(event)).isEmpty();
    assertThat(stored.isMetaDataDeserialized()).isFalse();
  }
}
