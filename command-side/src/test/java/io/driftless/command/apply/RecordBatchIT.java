package io.driftless.command.apply;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.command.resource.RecordResourceApplied;
import io.driftless.command.resource.RecordResourceDeleted;
import io.driftless.command.support.TestCluster;
import io.driftless.events.ResourceRef;
import io.driftless.events.testing.LocalServices;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.axonframework.commandhandling.CommandCallback;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.messaging.MessageDispatchInterceptor;
import org.axonframework.modelling.command.ConcurrencyException;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * A wave's records stored together (issue 31 point 2, {@link ChangeRecords#sendAll}) on the real
 * event store (MariaDB): a record that fails in the middle of a batch loses nothing and stores
 * nothing twice. The batch is rolled back whole and every change's records go again on their own: a
 * lost race is sent again and stored once; a record its aggregate refuses fails that change alone.
 */
@SpringBootTest
class RecordBatchIT {

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    registry.add(
        "spring.datasource.url", () -> LocalServices.freshDatabase("driftless_record_batch_it"));
    registry.add("spring.datasource.username", LocalServices::jdbcUser);
    registry.add("spring.datasource.password", LocalServices::jdbcPassword);
    var kubeconfig = TestCluster.kubeconfig();
    registry.add("driftless.cluster.kubeconfig", () -> kubeconfig);
    registry.add("driftless.reconcile.enabled", () -> "false");
  }

  @Autowired CommandGateway commands;
  @Autowired EventStore events;
  @Autowired PlatformTransactionManager transactions;

  @Test
  void aBatchThatSucceedsSendsEachRecordOnce() {
    var ids = ids(3);
    var gateway = new Gateway(command -> {});
    var records = new ChangeRecords(gateway, null, Clock.systemUTC(), null, transactions);

    var failures = records.sendAll(ids.stream().map(id -> List.<Object>of(applied(id))).toList());

    assertThat(failures).containsOnlyNulls().hasSize(3);
    assertThat(gateway.sent).hasSize(3);
    for (var id : ids) {
      assertThat(stored(id)).as(id).isEqualTo(1);
    }
  }

  @Test
  void aRaceLostInTheMiddleOfABatchIsSentAgainAndEveryRecordIsStoredOnce() {
    var ids = ids(5);
    var third = ids.get(2);
    // the third record's append "loses the race" once, after its event went into the batch's
    // transaction: the batch is rolled back with it
    var lost = new AtomicBoolean();
    var gateway =
        new Gateway(
            command -> {
              if (command instanceof RecordResourceApplied applied
                  && applied.resourceId().equals(third)
                  && lost.compareAndSet(false, true)) {
                throw new ConcurrencyException("lost the race for " + third);
              }
            });
    var records = new ChangeRecords(gateway, null, Clock.systemUTC(), null, transactions);

    var failures = records.sendAll(ids.stream().map(id -> List.<Object>of(applied(id))).toList());

    assertThat(failures).containsOnlyNulls().hasSize(5);
    assertThat(lost).isTrue();
    for (var id : ids) {
      assertThat(stored(id)).as(id).isEqualTo(1);
    }
    // three in the batch (it stopped at the lost race), then five on their own
    assertThat(gateway.sent).hasSize(8);
  }

  @Test
  void aRecordItsAggregateRefusesFailsItsChangeAloneAndTheOthersAreStoredOnce() {
    var ids = ids(4);
    var refused = "never-applied-" + UUID.randomUUID();
    var batch = new ArrayList<List<Object>>();
    batch.add(List.of(applied(ids.get(0))));
    batch.add(List.of(applied(ids.get(1))));
    batch.add(List.of(deleted(refused)));
    batch.add(List.of(applied(ids.get(2)), applied(ids.get(3))));
    var records =
        new ChangeRecords(new Gateway(command -> {}), null, Clock.systemUTC(), null, transactions);

    var failures = records.sendAll(batch);

    assertThat(failures.get(0)).isNull();
    assertThat(failures.get(1)).isNull();
    assertThat(failures.get(2)).isNotNull();
    assertThat(failures.get(3)).isNull();
    for (var id : ids) {
      assertThat(stored(id)).as(id).isEqualTo(1);
    }
    assertThat(stored(refused)).isZero();
  }

  private long stored(String resourceId) {
    return events.readEvents(resourceId).asStream().count();
  }

  private static List<String> ids(int count) {
    var ids = new ArrayList<String>();
    var run = UUID.randomUUID().toString();
    for (var i = 0; i < count; i++) {
      ids.add("batch-" + run + "-" + i);
    }
    return ids;
  }

  private static RecordResourceApplied applied(String resourceId) {
    return new RecordResourceApplied(
        resourceId,
        "default/batch-app",
        "default/batch-app-change-000001",
        new ResourceRef("v1", "ConfigMap", "default", resourceId),
        true,
        Map.of("apiVersion", "v1", "kind", "ConfigMap"),
        "hash",
        "1",
        0,
        List.of(),
        Instant.now(),
        null);
  }

  private static RecordResourceDeleted deleted(String resourceId) {
    return new RecordResourceDeleted(
        resourceId,
        "default/batch-app",
        "default/batch-app-change-000001",
        new ResourceRef("v1", "ConfigMap", "default", resourceId),
        Instant.now(),
        false);
  }

  /** The application's gateway, with a hook after each command is handled; counts the sends. */
  private final class Gateway implements CommandGateway {

    private final java.util.function.Consumer<Object> after;
    final List<Object> sent = new ArrayList<>();

    Gateway(java.util.function.Consumer<Object> after) {
      this.after = after;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <R> R sendAndWait(Object command) {
      sent.add(command);
      var result = commands.<R>sendAndWait(command);
      after.accept(command);
      return result;
    }

    @Override
    public <R> R sendAndWait(Object command, long timeout, TimeUnit unit) {
      return sendAndWait(command);
    }

    @Override
    public <C, R> void send(C command, CommandCallback<? super C, ? super R> callback) {
      throw new UnsupportedOperationException();
    }

    @Override
    public <R> CompletableFuture<R> send(Object command) {
      throw new UnsupportedOperationException();
    }

    @Override
    public org.axonframework.common.Registration registerDispatchInterceptor(
        MessageDispatchInterceptor<? super CommandMessage<?>> interceptor) {
      throw new UnsupportedOperationException();
    }
  }
}
