package io.driftless.standalone.e2e;

import io.driftless.events.testing.BrokerNames;
import io.driftless.events.testing.LocalDatabases;
import io.driftless.events.testing.LocalServices;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command lines of the two sides in the {@code distributed} profile on the machine's MariaDB
 * and RabbitMQ, as the e2e tests start them ({@code java -jar ... <args>}); each test adds its own
 * (tokens, connection names, timings); so does the rebuild's deploy-latency benchmark.
 */
public final class DistributedArgs {

  private DistributedArgs() {}

  /** The command side on the event store {@code commandDb}, publishing to {@code exchange}. */
  public static List<String> commandSide(
      String commandDb, Path kubeconfig, String exchange, String... extra) {
    var args =
        new ArrayList<>(
            List.of(
                "--spring.profiles.active=distributed",
                "--spring.datasource.url=" + LocalDatabases.url(commandDb),
                "--spring.datasource.username=" + LocalDatabases.user(),
                "--spring.datasource.password=" + LocalDatabases.password(),
                "--driftless.cluster.kubeconfig=" + kubeconfig.toAbsolutePath(),
                "--driftless.relay.amqp-uri=" + BrokerNames.amqpUri(),
                "--driftless.secrets.key=" + LocalServices.secretsKey(),
                "--driftless.events.exchange=" + exchange));
    args.addAll(List.of(extra));
    return args;
  }

  /**
   * The query side with its views in {@code viewsDb}, reading gaps from {@code commandDb}, its work
   * queue bound to {@code broker}'s exchange.
   */
  public static List<String> querySide(
      String viewsDb, String commandDb, BrokerNames broker, String... extra) {
    var args =
        new ArrayList<>(
            List.of(
                "--spring.profiles.active=distributed",
                "--spring.datasource.url=" + LocalDatabases.url(viewsDb),
                "--spring.datasource.username=" + LocalDatabases.user(),
                "--spring.datasource.password=" + LocalDatabases.password(),
                "--driftless.event-store.url=" + LocalDatabases.url(commandDb),
                "--driftless.event-store.username=" + LocalDatabases.user(),
                "--driftless.event-store.password=" + LocalDatabases.password(),
                "--driftless.delivery.amqp-uri=" + BrokerNames.amqpUri(),
                "--driftless.events.exchange=" + broker.exchange(),
                "--driftless.delivery.queue=" + broker.workQueue()));
    args.addAll(List.of(extra));
    return args;
  }
}
