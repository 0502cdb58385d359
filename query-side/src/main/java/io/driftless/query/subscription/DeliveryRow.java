package io.driftless.query.subscription;

import com.fasterxml.jackson.annotation.JsonRawValue;
import java.time.Instant;

/**
 * One delivery as {@code GET /api/subscriptions/{id}/deliveries} lists it.
 *
 * @param id the delivery's id
 * @param eventId the CloudEvent's id (the same on every try)
 * @param type the CloudEvent's type
 * @param app the app, {@code namespace/app}
 * @param status {@code pending} (not tried yet, or being sent), {@code failed} (tried, to be tried
 *     again at {@code nextAttemptAt}), {@code dead} (given up) or {@code delivered}
 * @param attempts how many tries were made
 * @param createdAt when the event was stored for delivery
 * @param nextAttemptAt when it is due (pending and failed)
 * @param lastAttemptAt the last try
 * @param lastStatus the HTTP status the last try got (null: no answer)
 * @param lastError why the last try failed
 * @param deliveredAt when a 2xx came
 * @param body the CloudEvent as sent
 */
public record DeliveryRow(
    long id,
    String eventId,
    String type,
    String app,
    String status,
    int attempts,
    Instant createdAt,
    Instant nextAttemptAt,
    Instant lastAttemptAt,
    Integer lastStatus,
    String lastError,
    Instant deliveredAt,
    @JsonRawValue String body) {}
