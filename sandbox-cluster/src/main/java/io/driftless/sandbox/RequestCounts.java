package io.driftless.sandbox;

import io.fabric8.mockwebserver.http.RecordedRequest;
import java.net.URI;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the requests the gate let pass by verb, as the API server's audit log names them ({@code
 * get}, {@code list}, {@code watch}, {@code create}, {@code update}, {@code patch}, {@code delete},
 * {@code deletecollection}, and {@code discovery} for /api, /apis, /openapi and /version), and,
 * only while {@link #recordPaths} is on, by method and path (with the query): a benchmark sees what
 * a deploy costs the cluster and where each request comes from. It also keeps the ids of the
 * threads that answered, so that a benchmark can leave the sandbox's CPU out of its client's.
 */
final class RequestCounts {

  private final Map<String, LongAdder> verbs = new ConcurrentHashMap<>();
  private final Map<String, LongAdder> paths = new ConcurrentHashMap<>();
  private final Set<Long> threads = ConcurrentHashMap.newKeySet();
  private final LongAdder arrived = new LongAdder();
  private volatile boolean recordPaths;

  /** A request arrived, before the gate: {@link #arrived()} counts every one, refused included. */
  void arrival() {
    arrived.increment();
  }

  long arrived() {
    return arrived.sum();
  }

  void count(RecordedRequest request, boolean discovery) {
    threads.add(Thread.currentThread().getId());
    var path = request.getPath();
    var verb = discovery ? "discovery" : verb(request.getMethod(), path);
    verbs.computeIfAbsent(verb, v -> new LongAdder()).increment();
    if (recordPaths) {
      paths.computeIfAbsent(request.getMethod() + " " + path, p -> new LongAdder()).increment();
    }
  }

  /** Starts ({@code true}) or stops counting by path; stopping forgets the paths counted. */
  void recordPaths(boolean on) {
    recordPaths = on;
    if (!on) {
      paths.clear();
    }
  }

  Map<String, Long> byVerb() {
    return snapshot(verbs);
  }

  Map<String, Long> byPath() {
    return snapshot(paths);
  }

  Set<Long> threads() {
    return Set.copyOf(threads);
  }

  private static String verb(String method, String path) {
    var collection = Answers.collection(path);
    return switch (method == null ? "" : method.toUpperCase(Locale.ROOT)) {
      case "GET" -> collection ? (watch(path) ? "watch" : "list") : "get";
      case "POST" -> "create";
      case "PUT" -> "update";
      case "PATCH" -> "patch";
      case "DELETE" -> collection ? "deletecollection" : "delete";
      default -> method;
    };
  }

  private static boolean watch(String path) {
    var query = URI.create(path).getRawQuery();
    return query != null && ("&" + query + "&").contains("&watch=true&");
  }

  private static Map<String, Long> snapshot(Map<String, LongAdder> counts) {
    var copy = new TreeMap<String, Long>();
    counts.forEach((key, count) -> copy.put(key, count.sum()));
    return copy;
  }
}
