package io.driftless.query.subscription;

import java.util.List;

/**
 * The body of {@code POST /api/subscriptions}.
 *
 * @param url where to POST the events: http(s)
 * @param types short names ({@code change.finished}, {@code service.deployed}, {@code cdevents}) or
 *     {@code ["*"]}
 * @param apps {@code namespace/app} names or {@code ["*"]}
 * @param secret the HMAC key of the signature header; stored sealed, never shown again
 */
public record SubscriptionRequest(
    String url, List<String> types, List<String> apps, String secret) {}
