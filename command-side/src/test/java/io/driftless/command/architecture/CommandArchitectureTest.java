package io.driftless.command.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The rules of the command side's {@code package-info.java} files, checked on its classes. */
@AnalyzeClasses(
    packages = "io.driftless.command",
    importOptions = ImportOption.DoNotIncludeTests.class)
class CommandArchitectureTest {

  /** {@code io.driftless.command}: the write model never knows the query side. */
  @ArchTest
  static final ArchRule commandSideDoesNotKnowTheQuerySide =
      noClasses()
          .that()
          .resideInAPackage("io.driftless.command..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("io.driftless.query..");

  /** {@code cluster}: the only door to Kubernetes; nothing else knows fabric8. */
  @ArchTest
  static final ArchRule onlyTheClusterPackageKnowsFabric8 =
      noClasses()
          .that()
          .resideOutsideOfPackage("io.driftless.command.cluster..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("io.fabric8..");

  /** {@code app}, {@code resource}: aggregates never do I/O and know no framework but Axon. */
  @ArchTest
  static final ArchRule aggregatesAreFreeOfSpringJdbcAndTheCluster =
      noClasses()
          .that()
          .resideInAnyPackage("io.driftless.command.app..", "io.driftless.command.resource..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "org.springframework..",
              "java.sql..",
              "javax.sql..",
              "io.fabric8..",
              "io.driftless.command.cluster..",
              "io.driftless.command.deploy..");

  /** {@code ownership}: pure functions over Jackson trees and the plan. */
  @ArchTest
  static final ArchRule ownershipRulesArePure =
      noClasses()
          .that()
          .resideInAPackage("io.driftless.command.ownership..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "org.springframework..",
              "org.axonframework..",
              "io.fabric8..",
              "io.driftless.command.cluster..",
              "io.driftless.command.deploy..");
}
