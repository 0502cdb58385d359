package io.driftless.query.history;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.events.AppChangeFinished;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.AppLocked;
import io.driftless.events.AppUnlocked;
import io.driftless.events.ChangeIds;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.DriftlessEvent;
import io.driftless.events.EventEnvelope;
import io.driftless.events.OpCounts;
import io.driftless.events.Provenance;
import io.driftless.events.WaitCounts;
import io.driftless.query.projection.ProjectionApplier;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Issue 27 on the query side over HTTP with the default configuration, on MariaDB ({@link
 * AuditApiIT}) and on H2 in MariaDB mode, the embedded default ({@link AuditApiH2IT}): provenance
 * and {@code rolledBackTo} in history answers, lock and unlock rows, the lock state in the app
 * overview, the audit log {@code GET /api/changes} (each filter, filters together, paging with
 * {@code before}, bad values) and a history without a cap by default.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class AuditApiTests {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String SHOP = "team-a/shop";
  private static final String CART = "team-b/cart";
  private static final String MANY = "team-c/many";
  private static final int MANY_CHANGES = 230;
  private static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");
  private static final Provenance ALICE =
      new Provenance(
          "alice", "driftless-cli/1.2.0", "first", Map.of("git.commit", "aaa", "git.repo", "r"));
  private static final Provenance BOB =
      new Provenance("bob", "curl/8", null, Map.of("git.commit", "bbb"));

  @LocalServerPort int port;
  @Autowired ProjectionApplier applier;
  private final Map<String, Long> sequences = new HashMap<>();

  private void store(DriftlessEvent event) {
    var sequence = sequences.merge(event.aggregateId(), 1L, Long::sum) - 1;
    applier.apply(EventEnvelope.of(UUID.randomUUID().toString(), sequence, T0, event));
  }

  private void change(
      String app,
      long n,
      ChangeTrigger trigger,
      Instant at,
      Provenance provenance,
      String rolledBackTo,
      boolean successful) {
    var changeId = ChangeIds.of(app, n);
    store(
        new AppChangeStarted(
            app,
            changeId,
            n,
            trigger,
            at,
            List.of(app.substring(0, app.indexOf('/'))),
            Map.of(),
            OpCounts.none(),
            WaitCounts.none(),
            "update: change " + n,
            null,
            null,
            null,
            provenance,
            rolledBackTo));
    store(
        new AppChangeFinished(
            app,
            changeId,
            successful,
            "update: change " + n + " done",
            OpCounts.none(),
            WaitCounts.none(),
            at.plusMillis(500),
            successful ? null : "refused"));
  }

  /**
   * shop: 1 deploy (alice, aaa), 2 deploy failed (bob, bbb), 3 lock (alice), 4 reconcile (the
   * server), 5 rollback to 1 (bob, aaa), 6 unlock (alice). cart: 1 deploy stored without
   * provenance, at the second of shop's 2; 2 deploy (alice, aaa, pipeline.run 7); 3 lock (bob).
   * many: {@value #MANY_CHANGES} deploys a day earlier, more than the old default cap of 200.
   */
  @BeforeAll
  void changes() {
    change(SHOP, 1, ChangeTrigger.DEPLOY, T0.plusSeconds(1), ALICE, null, true);
    change(SHOP, 2, ChangeTrigger.DEPLOY, T0.plusSeconds(2), BOB, null, false);
    store(
        new AppLocked(
            SHOP, ChangeIds.of(SHOP, 3), 3, "release", ALICE, T0.plusSeconds(3).plusMillis(250)));
    change(SHOP, 4, ChangeTrigger.RECONCILE, T0.plusSeconds(4), Provenance.server(), null, true);
    change(SHOP, 5, ChangeTrigger.ROLLBACK, T0.plusSeconds(5), BOB, ChangeIds.of(SHOP, 1), true);
    store(new AppUnlocked(SHOP, ChangeIds.of(SHOP, 6), 6, "alice", ALICE, T0.plusSeconds(6)));
    change(CART, 1, ChangeTrigger.DEPLOY, T0.plusSeconds(2), null, null, true);
    var pipeline =
        new Provenance("alice", null, null, Map.of("git.commit", "aaa", "pipeline.run", "7"));
    change(CART, 2, ChangeTrigger.DEPLOY, T0.plusSeconds(7), pipeline, null, true);
    store(new AppLocked(CART, ChangeIds.of(CART, 3), 3, "freeze", BOB, T0.plusSeconds(8)));
    var dayBefore = T0.minus(Duration.ofDays(1));
    for (int n = 1; n <= MANY_CHANGES; n++) {
      change(MANY, n, ChangeTrigger.DEPLOY, dayBefore.plusSeconds(n), null, null, true);
    }
  }

  private HttpResponse<String> get(String path) throws Exception {
    return HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
            HttpResponse.BodyHandlers.ofString());
  }

  private JsonNode ok(String path) throws Exception {
    var response = get(path);
    assertThat(response.statusCode()).as(path + ": " + response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  /** The audit rows as {@code app:changeNumber}. */
  private List<String> audit(String query) throws Exception {
    var rows = new ArrayList<String>();
    ok("/api/changes" + query)
        .forEach(
            row ->
                rows.add(
                    row.get("app").asText()
                        + ":"
                        + ChangeIds.numberOf(row.get("changeId").asText())));
    return rows;
  }

  private static final List<String> NEWEST =
      List.of(
          "team-b/cart:3",
          "team-b/cart:2",
          "team-a/shop:6",
          "team-a/shop:5",
          "team-a/shop:4",
          "team-a/shop:3",
          "team-b/cart:1",
          "team-a/shop:2",
          "team-a/shop:1",
          "team-c/many:" + MANY_CHANGES);

  @Test
  void historyAnswersCarryProvenanceAndRolledBackTo() throws Exception {
    var list = ok("/api/apps/team-a/shop/changes");
    assertThat(list).hasSize(6);
    var rollback = list.get(1);
    assertThat(rollback.get("trigger").asText()).isEqualTo("rollback");
    assertThat(rollback.get("actor").asText()).isEqualTo("bob");
    assertThat(rollback.get("client").asText()).isEqualTo("curl/8");
    assertThat(rollback.get("message").isNull()).isTrue();
    assertThat(rollback.get("meta").toString()).isEqualTo("{\"git.commit\":\"bbb\"}");
    assertThat(rollback.get("rolledBackTo").asText()).isEqualTo(ChangeIds.of(SHOP, 1));
    var first = ok("/api/apps/team-a/shop/changes/" + ChangeIds.of(SHOP, 1));
    assertThat(first.get("actor").asText()).isEqualTo("alice");
    assertThat(first.get("client").asText()).isEqualTo("driftless-cli/1.2.0");
    assertThat(first.get("message").asText()).isEqualTo("first");
    assertThat(first.get("meta").toString())
        .isEqualTo("{\"git.commit\":\"aaa\",\"git.repo\":\"r\"}");
    assertThat(first.get("rolledBackTo").isNull()).isTrue();
    var reconcile = ok("/api/apps/team-a/shop/changes/" + ChangeIds.of(SHOP, 4));
    assertThat(reconcile.get("actor").asText()).isEqualTo("driftless");
    var old = ok("/api/apps/team-b/cart/changes/" + ChangeIds.of(CART, 1));
    assertThat(old.get("actor").asText()).as("stored without provenance").isEqualTo("unknown");
    assertThat(old.get("client").isNull()).isTrue();
    assertThat(old.get("meta").toString()).isEqualTo("{}");
  }

  @Test
  void locksAndUnlocksAreHistoryRowsWithTheirActor() throws Exception {
    var list = ok("/api/apps/team-a/shop/changes");
    var unlock = list.get(0);
    assertThat(unlock.get("changeId").asText()).isEqualTo(ChangeIds.of(SHOP, 6));
    assertThat(unlock.get("trigger").asText()).isEqualTo("unlock");
    assertThat(unlock.get("description").asText()).isEqualTo("unlock");
    assertThat(unlock.get("actor").asText()).isEqualTo("alice");
    var lock = ok("/api/apps/team-a/shop/changes/" + ChangeIds.of(SHOP, 3));
    assertThat(lock.get("trigger").asText()).isEqualTo("lock");
    assertThat(lock.get("description").asText()).isEqualTo("lock: release");
    assertThat(lock.get("successful").asBoolean()).isTrue();
    assertThat(lock.get("startedAt").asText()).isEqualTo("2026-11-21T10:00:03.250Z");
    assertThat(lock.get("finishedAt").asText()).isEqualTo("2026-11-21T10:00:03.250Z");
    assertThat(lock.get("actor").asText()).isEqualTo("alice");
    assertThat(lock.get("meta").toString()).contains("\"git.commit\":\"aaa\"");
    assertThat(lock.get("changes")).isEmpty();
  }

  @Test
  void overviewShowsTheLockAndALockIsNotTheLastChange() throws Exception {
    var apps = ok("/api/apps");
    var cart = apps.get(1);
    assertThat(cart.get("name").asText()).isEqualTo("cart");
    assertThat(cart.get("locked").asBoolean()).isTrue();
    assertThat(cart.get("lockedBy").asText()).isEqualTo("bob");
    assertThat(cart.get("lockedAt").asText()).isEqualTo("2026-11-21T10:00:08Z");
    assertThat(cart.get("lockReason").asText()).isEqualTo("freeze");
    assertThat(cart.get("lastChangeAt").asText())
        .as("the deploy's finish, not the lock")
        .isEqualTo("2026-11-21T10:00:07.500Z");
    assertThat(cart.get("lastChangeSuccessful").asBoolean()).isTrue();
    var shop = ok("/api/apps/team-a/shop");
    assertThat(shop.get("locked").asBoolean()).as("unlocked again").isFalse();
    assertThat(shop.get("lockedBy").isNull()).isTrue();
    assertThat(shop.get("lockedAt").isNull()).isTrue();
    assertThat(shop.get("lockReason").isNull()).isTrue();
    assertThat(shop.get("lastChangeAt").asText()).isEqualTo("2026-11-21T10:00:05.500Z");
    var cartOverview = ok("/api/apps/team-b/cart");
    assertThat(cartOverview.get("locked").asBoolean()).isTrue();
    assertThat(cartOverview.get("lockReason").asText()).isEqualTo("freeze");
  }

  @Test
  void auditLogIsEveryAppsChangesNewestFirstInTheHistoryRowShapePlusApp() throws Exception {
    assertThat(audit("?limit=10")).isEqualTo(NEWEST);
    assertThat(audit("")).as("50 by default").hasSize(50);
    var row = ok("/api/changes?limit=4").get(3);
    assertThat(row.get("app").asText()).isEqualTo(SHOP);
    var history = ok("/api/apps/team-a/shop/changes?limit=2").get(1);
    var expected = (com.fasterxml.jackson.databind.node.ObjectNode) history.deepCopy();
    expected.put("app", SHOP);
    assertThat(row).isEqualTo(expected);
    assertThat(ok("/api/changes?limit=1000")).hasSize(9 + MANY_CHANGES);
  }

  @Test
  void eachFilterAndFiltersTogether() throws Exception {
    assertThat(audit("?actor=alice"))
        .containsExactly("team-b/cart:2", "team-a/shop:6", "team-a/shop:3", "team-a/shop:1");
    assertThat(audit("?actor=unknown&limit=2"))
        .containsExactly("team-b/cart:1", "team-c/many:" + MANY_CHANGES);
    assertThat(audit("?trigger=lock")).containsExactly("team-b/cart:3", "team-a/shop:3");
    assertThat(audit("?trigger=rollback")).containsExactly("team-a/shop:5");
    assertThat(audit("?successful=false")).containsExactly("team-a/shop:2");
    assertThat(audit("?app=team-b/cart"))
        .containsExactly("team-b/cart:3", "team-b/cart:2", "team-b/cart:1");
    assertThat(audit("?meta.git.commit=aaa"))
        .containsExactly("team-b/cart:2", "team-a/shop:6", "team-a/shop:3", "team-a/shop:1");
    assertThat(audit("?meta.git.commit=aaa&meta.pipeline.run=7")).containsExactly("team-b/cart:2");
    assertThat(audit("?meta.git.commit=bbb"))
        .containsExactly("team-b/cart:3", "team-a/shop:5", "team-a/shop:2");
    assertThat(audit("?meta.git.commit=zzz")).isEmpty();
    assertThat(audit("?since=2026-11-21T10:00:05Z&until=2026-11-21T10:00:07Z"))
        .as("since included, until not")
        .containsExactly("team-a/shop:6", "team-a/shop:5");
    assertThat(audit("?actor=bob&trigger=deploy")).containsExactly("team-a/shop:2");
    assertThat(audit("?actor=bob&successful=true&app=team-a/shop"))
        .containsExactly("team-a/shop:5");
    assertThat(audit("?actor=alice&meta.git.commit=aaa&app=team-a/shop&trigger=unlock"))
        .containsExactly("team-a/shop:6");
    assertThat(audit("?actor=alice&trigger=rollback")).isEmpty();
  }

  @Test
  void pagesWithBeforeFollowTheOrderWithoutRepeatsOrGaps() throws Exception {
    for (var filter : List.of("", "&actor=unknown", "&meta.git.commit=aaa", "&app=team-c/many")) {
      var all = audit("?limit=1000" + filter);
      var paged = new ArrayList<String>();
      String before = null;
      while (true) {
        var page =
            ok(
                "/api/changes?limit=7"
                    + filter
                    + (before == null
                        ? ""
                        : "&before=" + URLEncoder.encode(before, StandardCharsets.UTF_8)));
        page.forEach(
            r ->
                paged.add(
                    r.get("app").asText() + ":" + ChangeIds.numberOf(r.get("changeId").asText())));
        if (page.size() < 7) {
          break;
        }
        var last = page.get(page.size() - 1);
        before =
            last.get("startedAt").asText()
                + ","
                + last.get("app").asText()
                + ","
                + last.get("changeId").asText();
      }
      assertThat(paged).as(filter).isEqualTo(all);
    }
    // The tie: shop's change 2 and cart's change 1 started in the same millisecond.
    assertThat(audit("?limit=2&before=2026-11-21T10:00:02Z,team-b/cart," + ChangeIds.of(CART, 1)))
        .containsExactly("team-a/shop:2", "team-a/shop:1");
  }

  @Test
  void historyKeepsEveryChangeByDefault() throws Exception {
    var list = ok("/api/apps/team-c/many/changes?limit=1000");
    assertThat(list).hasSize(MANY_CHANGES);
    assertThat(list.get(MANY_CHANGES - 1).get("changeId").asText())
        .isEqualTo(ChangeIds.of(MANY, 1));
    var older = ok("/api/apps/team-c/many/changes?limit=50&before=" + ChangeIds.of(MANY, 21));
    assertThat(older).hasSize(20);
    assertThat(ok("/api/apps/team-c/many/changes/" + ChangeIds.of(MANY, 1)).get("actor").asText())
        .isEqualTo("unknown");
  }

  @Test
  void badValuesAre400NamingTheParameter() throws Exception {
    badParameter("?limit=0", "limit");
    badParameter("?limit=1001", "limit");
    badParameter("?limit=x", "limit");
    badParameter("?trigger=push", "trigger");
    badParameter("?trigger=DEPLOY", "trigger");
    badParameter("?successful=yes", "successful");
    badParameter("?since=yesterday", "since");
    badParameter("?until=2026-11-21", "until");
    badParameter("?app=shop", "app");
    badParameter("?app=Team/Shop", "app");
    badParameter("?actor=", "actor");
    badParameter("?actor=a&actor=b", "actor");
    badParameter("?before=shop-change-000001", "before");
    badParameter("?before=2026-11-21T10:00:02Z,team-b/cart,nope", "before");
    badParameter("?before=2026-11-21,team-b/cart," + ChangeIds.of(CART, 1), "before");
    badParameter("?meta.Git=1", "meta.Git");
    badParameter("?meta.=1", "meta.");
    badParameter("?meta.git.commit=" + "x".repeat(513), "meta.git.commit");
  }

  private void badParameter(String query, String parameter) throws Exception {
    var response = get("/api/changes" + query);
    assertThat(response.statusCode()).as(query + ": " + response.body()).isEqualTo(400);
    var error = JSON.readTree(response.body());
    assertThat(error.get("error").asText()).isEqualTo("bad_parameter");
    assertThat(error.get("details").toString())
        .as(query)
        .isEqualTo("[\"parameter: " + parameter + "\"]");
  }
}
