package io.driftless.query.rebuild;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.zaxxer.hikari.HikariDataSource;
import io.driftless.events.testing.EventHistoryGenerator;
import io.driftless.query.eventstore.EventStoreReader;
import io.driftless.query.eventstore.IndexedEvent;
import io.driftless.query.support.LocalServices;
import io.driftless.query.support.TestEventStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The rebuild's reading half on the real MariaDB: {@link ReadAhead} hands over the whole store in
 * global order and stops after the short read, a failed read reaches the fold; {@link
 * StoreActivity} counts the store busy once it grows, and never with a zero window.
 */
class ReadAheadIT {

  private HikariDataSource dataSource;
  private EventStoreReader store;

  @BeforeEach
  void store() {
    dataSource = LocalServices.migratedViews("driftless_readahead_it");
    TestEventStore.create(dataSource);
    store = new EventStoreReader(JdbcClient.create(dataSource));
  }

  @AfterEach
  void close() {
    var jdbc = new JdbcTemplate(dataSource);
    jdbc.execute("DROP DATABASE `" + jdbc.queryForObject("SELECT DATABASE()", String.class) + "`");
    dataSource.close();
  }

  @Test
  void readsTheWholeStoreInGlobalOrderAndStopsAfterTheShortRead() throws Exception {
    var events = new EventHistoryGenerator(11).generate("ra-", 3, 2, 25);
    TestEventStore.append(dataSource, events);
    var read = new ArrayList<IndexedEvent>();
    var sizes = new ArrayList<Integer>();
    try (var ahead = new ReadAhead(store, 0, () -> 10, "read-ahead-test")) {
      while (true) {
        var next = ahead.next();
        read.addAll(next.events());
        sizes.add(next.events().size());
        if (next.isLast()) {
          break;
        }
      }
    }
    assertThat(sizes).isEqualTo(reads(events.size(), 10));
    assertThat(sizes.get(sizes.size() - 1)).isLessThan(10);
    assertThat(read)
        .extracting(e -> e.event().eventId())
        .containsExactlyElementsOf(events.stream().map(e -> e.eventId()).toList());
    assertThat(read).extracting(IndexedEvent::globalIndex).isSorted();
  }

  /** Full reads of {@code size}, then the short one (empty when the store ends on a full one). */
  private static List<Integer> reads(int events, int size) {
    var sizes = new ArrayList<Integer>();
    for (int left = events; left >= 0; left -= size) {
      sizes.add(Math.min(left, size));
      if (left < size) {
        break;
      }
    }
    return sizes;
  }

  @Test
  void aStoreThatEndsOnAFullReadEndsWithAnEmptyOne() throws Exception {
    var events = new EventHistoryGenerator(12).generate("rb-", 2, 2, 40);
    TestEventStore.append(dataSource, events);
    var size = events.size(); // one full read, then an empty one
    var sizes = new ArrayList<Integer>();
    try (var ahead = new ReadAhead(store, 0, () -> size, "read-ahead-test")) {
      ReadAhead.Read next;
      do {
        next = ahead.next();
        sizes.add(next.events().size());
      } while (!next.isLast());
    }
    assertThat(sizes).containsExactly(size, 0);
  }

  @Test
  void aFailedReadIsThrownToTheFold() throws Exception {
    new JdbcTemplate(dataSource).execute("DROP TABLE domain_event_entry");
    try (var ahead = new ReadAhead(store, 0, () -> 10, "read-ahead-test")) {
      assertThatThrownBy(ahead::next).isInstanceOf(DataAccessException.class);
    }
  }

  @Test
  void theStoreIsBusyOnceItGrowsAndNeverWithAZeroWindow() {
    TestEventStore.append(dataSource, new EventHistoryGenerator(13).generate("rc-", 1, 1, 5));
    var activity = new StoreActivity(store, Duration.ofMinutes(1));
    var never = new StoreActivity(store, Duration.ZERO);
    assertThat(activity.busy()).as("before any growth").isFalse();
    assertThat(never.busy()).isFalse();

    TestEventStore.append(dataSource, new EventHistoryGenerator(14).generate("rd-", 1, 1, 5));
    await().atMost(Duration.ofSeconds(5)).until(activity::busy);
    assertThat(never.busy()).isFalse();
    assertThat(List.of(activity.busy())).as("within the window").containsExactly(true);
  }
}
