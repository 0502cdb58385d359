package io.driftless.cli.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * {@code io.driftless.cli}: the servers only over HTTP; of Driftless only the diff engine and the
 * error shape ({@code io.driftless.shared}), not the event contract.
 */
@AnalyzeClasses(packages = "io.driftless.cli", importOptions = ImportOption.DoNotIncludeTests.class)
class CliArchitectureTest {

  @ArchTest
  static final ArchRule theCliKnowsNoServerCode =
      noClasses()
          .that()
          .resideInAPackage("io.driftless.cli..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "io.driftless.command..",
              "io.driftless.query..",
              "io.driftless.events..",
              "org.springframework..",
              "org.axonframework..",
              "io.fabric8..");
}
