package io.driftless.diff.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The diff engine's package order of its {@code package-info.java} files: {@code text} and {@code
 * resources} at the bottom, {@code config} on {@code resources}, {@code plan} above them, {@code
 * report} on top; no I/O frameworks anywhere.
 */
@AnalyzeClasses(
    packages = "io.driftless.diff",
    importOptions = ImportOption.DoNotIncludeTests.class)
class DiffEngineArchitectureTest {

  private static final String TEXT = "io.driftless.diff.text..";
  private static final String RESOURCES = "io.driftless.diff.resources..";
  private static final String CONFIG = "io.driftless.diff.config..";
  private static final String PLAN = "io.driftless.diff.plan..";
  private static final String REPORT = "io.driftless.diff.report..";

  @ArchTest
  static final ArchRule textDependsOnNoOtherPackage =
      noClasses()
          .that()
          .resideInAPackage(TEXT)
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(RESOURCES, CONFIG, PLAN, REPORT);

  @ArchTest
  static final ArchRule resourcesKnowNoComparison =
      noClasses()
          .that()
          .resideInAPackage(RESOURCES)
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(CONFIG, PLAN, REPORT);

  @ArchTest
  static final ArchRule configDependsOnlyOnResources =
      noClasses()
          .that()
          .resideInAPackage(CONFIG)
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(PLAN, REPORT);

  @ArchTest
  static final ArchRule planDoesNotKnowReports =
      noClasses()
          .that()
          .resideInAPackage(PLAN)
          .should()
          .dependOnClassesThat()
          .resideInAPackage(REPORT);

  @ArchTest
  static final ArchRule noInputOutputFrameworks =
      noClasses()
          .that()
          .resideInAPackage("io.driftless.diff..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "org.springframework..",
              "org.axonframework..",
              "io.fabric8..",
              "java.sql..",
              "java.net.http..",
              "io.driftless.events..");
}
