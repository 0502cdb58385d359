package io.driftless.query.bench;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The benchmark's settings, from {@code key=value} arguments; the defaults are the query side's
 * production settings ({@code application.yml}: 1 consumer, prefetch 500, retries from 200 ms,
 * factor 4, 5 attempts, history keep 200) and the brief's loads.
 *
 * @param events events of the throughput run
 * @param rate events per second of the latency run
 * @param seconds length of the latency run
 * @param apps apps of the generated history (each with {@code resources} ResourceChanges)
 * @param resources resources per app
 * @param consumers competing consumers
 * @param prefetch unacked messages per consumer
 * @param phases which runs, comma-separated: {@code throughput}, {@code latency} (the default is
 *     both), {@code drain} (the queue filled before the consumers start: the views' own rate) and
 *     {@code broker} (RabbitMQ alone, {@link BrokerCeiling})
 * @param logs {@code quiet} (errors only; the figures count retries, deadlocks and parking) or
 *     {@code warn} (the consumers' warnings too)
 * @param profile {@code sql} to time every SQL round trip ({@link SqlTimings}), else {@code none}
 * @param isolation the views' transaction isolation: {@code default} (the server's, REPEATABLE READ
 *     on MariaDB) or {@code read-committed}
 */
record BenchOptions(
    int events,
    int rate,
    int seconds,
    int apps,
    int resources,
    int consumers,
    int prefetch,
    Set<String> phases,
    String logs,
    String profile,
    String isolation) {

  private static final Set<String> KEYS =
      Set.of(
          "events",
          "rate",
          "seconds",
          "apps",
          "resources",
          "consumers",
          "prefetch",
          "phases",
          "logs",
          "profile",
          "isolation");

  static BenchOptions parse(String... args) {
    var values = new HashMap<String, String>();
    for (var arg : args) {
      var eq = arg.indexOf('=');
      if (eq < 0 || !KEYS.contains(arg.substring(0, eq))) {
        throw new IllegalArgumentException(
            "unknown argument " + arg + "; expected key=value of " + KEYS);
      }
      values.put(arg.substring(0, eq), arg.substring(eq + 1));
    }
    return new BenchOptions(
        number(values, "events", 50_000),
        number(values, "rate", 2_000),
        number(values, "seconds", 20),
        number(values, "apps", 1_000),
        number(values, "resources", 5),
        number(values, "consumers", 1),
        number(values, "prefetch", 500),
        Set.of(values.getOrDefault("phases", "throughput,latency").split(",")),
        values.getOrDefault("logs", "quiet"),
        values.getOrDefault("profile", "none"),
        values.getOrDefault("isolation", "default"));
  }

  private static int number(Map<String, String> values, String key, int fallback) {
    var value = values.get(key);
    return value == null ? fallback : Integer.parseInt(value.replace("_", ""));
  }
}
