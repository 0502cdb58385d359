package io.driftless.events.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A test class that needs the machine's RabbitMQ up for its whole run: it holds {@link
 * MachineBroker}'s shared lock, so no broker restart of another test JVM happens meanwhile.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(MachineBroker.class)
public @interface UsesMachineBroker {}
