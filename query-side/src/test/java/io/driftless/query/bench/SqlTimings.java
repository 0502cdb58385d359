package io.driftless.query.bench;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.Comparator;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import javax.sql.DataSource;

/**
 * Client-side wall time per SQL statement (benchmark option {@code profile=sql}): wraps a
 * DataSource so every statement execution, every {@code getParameterMetaData} call (Spring asks for
 * it to bind a null; MariaDB's driver answers with a server round trip) and every commit, rollback
 * and autocommit switch is timed under a short label of its SQL. The time is a round trip: network,
 * the server's work and any lock wait. Reflection proxies add a few microseconds per call.
 */
final class SqlTimings {

  private static final Set<String> EXECUTIONS =
      Set.of("execute", "executeQuery", "executeUpdate", "executeLargeUpdate", "executeBatch");
  private static final Set<String> CONNECTION_CALLS = Set.of("commit", "rollback", "setAutoCommit");

  private final Map<String, LongAdder[]> timings = new ConcurrentHashMap<>();

  DataSource wrap(DataSource target) {
    return proxy(
        DataSource.class,
        (proxy, method, args) -> {
          var result = invoke(target, method, args);
          return result instanceof Connection c ? connection(c) : result;
        });
  }

  private Connection connection(Connection target) {
    return proxy(
        Connection.class,
        (proxy, method, args) -> {
          var name = method.getName();
          if (CONNECTION_CALLS.contains(name)) {
            var label = "setAutoCommit".equals(name) ? "SET autocommit=" + args[0] : name;
            return timed(label.toUpperCase(Locale.ROOT), () -> invoke(target, method, args));
          }
          var result = invoke(target, method, args);
          if (result instanceof PreparedStatement statement && "prepareStatement".equals(name)) {
            return statement(statement, label((String) args[0]));
          }
          return result;
        });
  }

  private PreparedStatement statement(PreparedStatement target, String label) {
    return proxy(
        PreparedStatement.class,
        (proxy, method, args) -> {
          var name = method.getName();
          if (EXECUTIONS.contains(name)) {
            return timed(label, () -> invoke(target, method, args));
          }
          if ("getParameterMetaData".equals(name)) {
            return timed("getParameterMetaData of " + label, () -> invoke(target, method, args));
          }
          return invoke(target, method, args);
        });
  }

  private interface Call {
    Object run() throws Throwable;
  }

  private Object timed(String label, Call call) throws Throwable {
    var start = System.nanoTime();
    try {
      return call.run();
    } finally {
      var adders =
          timings.computeIfAbsent(label, k -> new LongAdder[] {new LongAdder(), new LongAdder()});
      adders[0].increment();
      adders[1].add(System.nanoTime() - start);
    }
  }

  private static Object invoke(Object target, Method method, Object[] args) throws Throwable {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  @SuppressWarnings("unchecked")
  private static <T> T proxy(Class<T> type, InvocationHandler handler) {
    return (T)
        Proxy.newProxyInstance(SqlTimings.class.getClassLoader(), new Class<?>[] {type}, handler);
  }

  /** The SQL's first words, with IN lists folded, so one statement shape is one line. */
  private static String label(String sql) {
    var folded = sql.replaceAll("IN \\((\\?,)*\\?\\)", "IN (?...)").replaceAll("\\s+", " ");
    return folded.length() <= 90 ? folded : folded.substring(0, 90) + "...";
  }

  void clear() {
    timings.clear();
  }

  /** One line per statement shape, most time first, with counts and time per event. */
  String report(long events) {
    var total = timings.values().stream().mapToLong(a -> a[1].sum()).sum();
    var out = new StringBuilder();
    out.append(
        String.format(
            Locale.ROOT,
            "  SQL round trips (client wall time; %,.0f ms in all, %.0f us per event):%n",
            total / 1e6,
            total / 1e3 / events));
    timings.entrySet().stream()
        .sorted(
            Comparator.comparingLong((Map.Entry<String, LongAdder[]> e) -> -e.getValue()[1].sum()))
        .forEach(
            e -> {
              var count = e.getValue()[0].sum();
              var nanos = e.getValue()[1].sum();
              out.append(
                  String.format(
                      Locale.ROOT,
                      "    %5.1f%% %,9d calls %6.2f/event %7.0f us avg  %s%n",
                      100.0 * nanos / total,
                      count,
                      (double) count / events,
                      nanos / 1e3 / count,
                      e.getKey()));
            });
    return out.toString();
  }
}
