package io.driftless.events.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * Closes connections from the broker's side, as a broker restart or an operator does, with {@code
 * rabbitmqctl} (system property {@code driftless.it.rabbitmqctl}, default {@code rabbitmqctl} on
 * the PATH). Only connections whose client-provided name contains a given fragment (a test run's
 * id) are touched: other runs share the broker.
 */
public final class BrokerConnections {

  private static final Pattern NAME = Pattern.compile("\\{\"connection_name\",\"([^\"]*)\"\\}");

  private BrokerConnections() {}

  /** The client-provided names of the open connections whose name contains {@code fragment}. */
  public static List<String> named(String fragment) {
    return list(fragment).stream().map(c -> c[1]).toList();
  }

  /**
   * Closes every connection whose client-provided name contains {@code fragment} and returns their
   * names.
   */
  public static List<String> close(String fragment) {
    var closed = new ArrayList<String>();
    for (var connection : list(fragment)) {
      run(List.of(ctl(), "close_connection", connection[0], "closed by a test: " + fragment));
      closed.add(connection[1]);
    }
    return closed;
  }

  /** {pid, name} of the matching connections. */
  private static List<String[]> list(String fragment) {
    if (fragment.length() < 6) {
      throw new IllegalArgumentException("a fragment this short could match other runs");
    }
    var output =
        run(
            List.of(
                ctl(), "-q", "--no-table-headers", "list_connections", "pid", "client_properties"));
    var matching = new ArrayList<String[]>();
    for (var line : output.split("\n")) {
      var tab = line.indexOf('\t');
      var name = NAME.matcher(line);
      if (tab > 0 && name.find() && name.group(1).contains(fragment)) {
        matching.add(new String[] {line.substring(0, tab).trim(), name.group(1)});
      }
    }
    return matching;
  }

  private static String ctl() {
    return System.getProperty("driftless.it.rabbitmqctl", "rabbitmqctl");
  }

  private static String run(List<String> command) {
    try {
      var process = new ProcessBuilder(command).redirectErrorStream(true).start();
      var output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
        throw new IllegalStateException(String.join(" ", command) + " failed:\n" + output);
      }
      return output;
    } catch (IOException e) {
      throw new IllegalStateException("cannot run " + command.get(0), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
