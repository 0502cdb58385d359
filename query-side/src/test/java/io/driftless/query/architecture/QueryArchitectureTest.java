package io.driftless.query.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

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
          .matching("io.driftless.query.(overview|history|inventory|timeline|drift)..")
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
}
