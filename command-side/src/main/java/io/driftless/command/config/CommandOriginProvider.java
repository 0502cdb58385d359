package io.driftless.command.config;

import java.util.Map;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.messaging.Message;
import org.axonframework.messaging.correlation.CorrelationDataProvider;
import org.axonframework.messaging.correlation.MessageOriginProvider;

/**
 * Axon's {@link MessageOriginProvider} (correlation and trace ids on what a command produces), for
 * commands only. Axon asks the providers for every message a handler finishes, events included, and
 * the origin provider reads the message's metadata: for the relay that was a JSON parse of every
 * stored event's metadata (a tenth of its thread) for messages it never produces. Events are only
 * produced by command handlers here, so stored events keep the same correlation data.
 */
final class CommandOriginProvider implements CorrelationDataProvider {

  private final MessageOriginProvider origin = new MessageOriginProvider();

  @Override
  public Map<String, ?> correlationDataFor(Message<?> message) {
    return message instanceof CommandMessage<?> ? origin.correlationDataFor(message) : Map.of();
  }
}
