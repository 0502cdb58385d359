package io.driftless.events.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * {@code io.driftless.events}: the contract knows nothing of Axon, Spring, RabbitMQ or Kubernetes;
 * nor does {@code io.driftless.shared}, which web-security and the CLI use too.
 */
@AnalyzeClasses(
    packages = {"io.driftless.events", "io.driftless.shared"},
    importOptions = ImportOption.DoNotIncludeTests.class)
class EventsArchitectureTest {

  @ArchTest
  static final ArchRule theContractKnowsNoFramework =
      noClasses()
          .that()
          .resideInAnyPackage("io.driftless.events..", "io.driftless.shared..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "org.axonframework..",
              "org.springframework..",
              "com.rabbitmq..",
              "io.fabric8..",
              "io.driftless.command..",
              "io.driftless.query..");
}
