package io.driftless.query.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import io.driftless.query.projection.ViewGate;

/** The rules of the query side's {@code package-info.java} files, checked on its classes. */
@AnalyzeClasses(
    packages = "io.driftless.query",
    importOptions = ImportOption.DoNotIncludeTests.class)
class QueryArchitectureTest {

  /** {@code io.driftless.query}: the read model never knows the command side. */
  @ArchTest
  static final ArchRule querySideDoesNotKnowTheCommandSide =
      noClasses()
          .that()
          .resideInAPackage("io.driftless.query..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("io.driftless.command..");

  /** The views (feature packages) are independent of each other. */
  @ArchTest
  static final ArchRule viewsAreIndependent =
      slices()
          .matching("io.driftless.query.(overview|history|inventory|timeline|drift|travel)..")
          .should()
          .notDependOnEachOther();

  /** {@code projection}: the version check knows nothing of how events arrive. */
  @ArchTest
  static final ArchRule projectionsDoNotKnowDelivery =
      noClasses()
          .that()
          .resideInAPackage("io.driftless.query.projection..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("io.driftless.query.delivery..", "com.rabbitmq..");

  /** The views do not know how events arrive either. */
  @ArchTest
  static final ArchRule viewsDoNotKnowDelivery =
      noClasses()
          .that()
          .resideInAnyPackage(
              "io.driftless.query.overview..",
              "io.driftless.query.history..",
              "io.driftless.query.inventory..",
              "io.driftless.query.timeline..",
              "io.driftless.query.drift..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("io.driftless.query.delivery..", "com.rabbitmq..");

  /** {@code rebuild}: reads the event store and folds into shadow tables; no broker. */
  @ArchTest
  static final ArchRule rebuildsDoNotKnowTheBroker =
      noClasses()
          .that()
          .resideInAPackage("io.driftless.query.rebuild..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("com.rabbitmq..");

  private static final String[] VIEWS = {
    "io.driftless.query.overview..",
    "io.driftless.query.history..",
    "io.driftless.query.inventory..",
    "io.driftless.query.timeline..",
    "io.driftless.query.drift..",
    "io.driftless.query.travel.."
  };

  /**
   * {@code eventstore}: the command side's store, read-only; gap repair and rebuild use it, it
   * knows neither of them, nor the broker, nor the views, the API or the wiring.
   */
  @ArchTest
  static final ArchRule eventStoreKnowsNoneOfItsReaders =
      noClasses()
          .that()
          .resideInAPackage("io.driftless.query.eventstore..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "io.driftless.query.delivery..",
              "io.driftless.query.rebuild..",
              "io.driftless.query.api..",
              "io.driftless.query.config..",
              "com.rabbitmq..")
          .orShould()
          .dependOnClassesThat()
          .resideInAnyPackage(VIEWS);

  /**
   * {@code eventstore}: only gap repair ({@code delivery}) and rebuild read the store (and the
   * wiring makes the reader).
   */
  @ArchTest
  static final ArchRule onlyDeliveryAndRebuildReadTheEventStore =
      classes()
          .that()
          .resideInAPackage("io.driftless.query.eventstore..")
          .should()
          .onlyHaveDependentClassesThat()
          .resideInAnyPackage(
              "io.driftless.query.eventstore..",
              "io.driftless.query.delivery..",
              "io.driftless.query.rebuild..",
              "io.driftless.query.config..");

  /** {@code delivery} and {@code rebuild} meet only in the event store and the views' records. */
  @ArchTest
  static final ArchRule deliveryAndRebuildDoNotKnowEachOther =
      slices().matching("io.driftless.query.(delivery|rebuild)..").should().notDependOnEachOther();

  /**
   * {@code subscription}: webhooks know the projection ground floor and {@code api} only: no view,
   * no delivery, rebuild or event store; and no view, delivery or rebuild knows them.
   */
  @ArchTest
  static final ArchRule subscriptionsKnowOnlyTheGroundFloor =
      noClasses()
          .that()
          .resideInAPackage("io.driftless.query.subscription..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "io.driftless.query.overview..",
              "io.driftless.query.history..",
              "io.driftless.query.inventory..",
              "io.driftless.query.timeline..",
              "io.driftless.query.drift..",
              "io.driftless.query.travel..",
              "io.driftless.query.delivery..",
              "io.driftless.query.rebuild..",
              "io.driftless.query.eventstore..",
              "com.rabbitmq..");

  @ArchTest
  static final ArchRule nothingButTheWiringKnowsSubscriptions =
      noClasses()
          .that()
          .resideOutsideOfPackages(
              "io.driftless.query.subscription..", "io.driftless.query.config..")
          .and()
          .resideInAPackage("io.driftless.query..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("io.driftless.query.subscription..");

  /** {@code rebuild}: never touches another view (it folds any view through {@code Projection}). */
  @ArchTest
  static final ArchRule rebuildsKnowNoView =
      noClasses()
          .that()
          .resideInAPackage("io.driftless.query.rebuild..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(VIEWS);

  /**
   * {@code projection}: the ground floor; the version check knows nothing of how events arrive
   * (RabbitMQ, in-process, replay), nor of any view, the API or the wiring.
   */
  @ArchTest
  static final ArchRule projectionIsTheGround =
      noClasses()
          .that()
          .resideInAPackage("io.driftless.query.projection..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "io.driftless.query.delivery..",
              "io.driftless.query.rebuild..",
              "io.driftless.query.eventstore..",
              "io.driftless.query.api..",
              "io.driftless.query.config..")
          .orShould()
          .dependOnClassesThat()
          .resideInAnyPackage(VIEWS);

  /** {@code api}: what several views' queries share, without knowing the views' packages. */
  @ArchTest
  static final ArchRule apiKnowsNoView =
      noClasses()
          .that()
          .resideInAPackage("io.driftless.query.api..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(VIEWS)
          .orShould()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "io.driftless.query.delivery..",
              "io.driftless.query.rebuild..",
              "io.driftless.query.eventstore..",
              "io.driftless.query.config..");

  /** {@code config}: the wiring is the top floor; nothing of the query side knows it. */
  @ArchTest
  static final ArchRule nothingKnowsTheWiring =
      noClasses()
          .that()
          .resideInAPackage("io.driftless.query..")
          .and()
          .resideOutsideOfPackage("io.driftless.query.config..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("io.driftless.query.config..");

  /**
   * {@code rebuild}'s rooms, one job each: the run's helpers (threads, pacing, progress, priority,
   * the store's activity, the read connection, the settings) know nothing of the shadow, the swap,
   * the gate or the service.
   */
  @ArchTest
  static final ArchRule rebuildHelpersKnowNoShadowNorSwap =
      noClasses()
          .that()
          .haveNameMatching(
              rebuildRooms(
                  "ReadAhead",
                  "WriteBehind",
                  "Pacing",
                  "Progress",
                  "StoreActivity",
                  "LowPriority",
                  "ServerPrepared",
                  "RebuildSettings"))
          .should()
          .dependOnClassesThat()
          .haveNameMatching(rebuildRooms("Swap", "ShadowFold", "ShadowTables", "RebuildService"))
          .orShould()
          .dependOnClassesThat()
          .areAssignableTo(ViewGate.class);

  /** {@code rebuild}: the run ({@code Rebuild}) alone drives its phases' helpers. */
  @ArchTest
  static final ArchRule onlyTheRunDrivesThePhases =
      classes()
          .that()
          .haveNameMatching(rebuildRooms("Swap", "Pacing", "WriteBehind", "ReadAhead"))
          .should()
          .onlyHaveDependentClassesThat()
          .haveNameMatching(rebuildRooms("Rebuild", "Swap", "Pacing", "WriteBehind", "ReadAhead"));

  /** The classes (and their nested classes) of {@code rebuild} with these simple names. */
  private static String rebuildRooms(String... simpleNames) {
    return "io\\.driftless\\.query\\.rebuild\\.(" + String.join("|", simpleNames) + ")(\\$.*)?";
  }

  /** {@code rebuild}: only the swap closes and opens the gate (the service asks who holds it). */
  @ArchTest
  static final ArchRule onlyTheSwapMovesTheGate =
      noClasses()
          .that()
          .resideInAPackage("io.driftless.query.rebuild..")
          .and()
          .doNotHaveSimpleName("Swap")
          .should()
          .callMethod(ViewGate.class, "close", String.class, String.class)
          .orShould()
          .callMethod(ViewGate.class, "open");
}
