package io.driftless.sandbox.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The rules of the sandbox's {@code package-info.java} files, checked on its classes. */
@AnalyzeClasses(
    packages = "io.driftless.sandbox",
    importOptions = ImportOption.DoNotIncludeTests.class)
class SandboxArchitectureTest {

  /**
   * {@code io.driftless.sandbox}: a stand-in for a cluster knows nothing of Driftless; clients
   * reach it only through its kubeconfig (the build's enforcer bans the modules, this bans the
   * packages).
   */
  @ArchTest
  static final ArchRule theSandboxKnowsNothingOfDriftless =
      noClasses()
          .that()
          .resideInAPackage("io.driftless.sandbox..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "io.driftless.command..",
              "io.driftless.query..",
              "io.driftless.events..",
              "io.driftless.shared..",
              "io.driftless.diff..",
              "io.driftless.security..",
              "io.driftless.cli..",
              "io.driftless.standalone..");

  /** {@code defaults}: pure functions on JSON trees: no store, no HTTP, no other step. */
  @ArchTest
  static final ArchRule defaultsArePure =
      noClasses()
          .that()
          .resideInAPackage("io.driftless.sandbox.defaults..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "io.driftless.sandbox.server..",
              "io.driftless.sandbox.controllers..",
              "io.driftless.sandbox.validation..",
              "io.fabric8..",
              "okhttp3..",
              "java.net.http..",
              "com.sun.net.httpserver..")
          .orShould()
          .dependOnClassesThat()
          .haveFullyQualifiedName("io.driftless.sandbox.objects.ObjectStore");

  /** {@code validation}: pure functions on the defaulted and the stored object. */
  @ArchTest
  static final ArchRule validationIsPure =
      noClasses()
          .that()
          .resideInAPackage("io.driftless.sandbox.validation..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "io.driftless.sandbox.server..",
              "io.driftless.sandbox.controllers..",
              "io.fabric8..",
              "okhttp3..",
              "java.net.http..",
              "com.sun.net.httpserver..")
          .orShould()
          .dependOnClassesThat()
          .haveFullyQualifiedName("io.driftless.sandbox.objects.ObjectStore");

  /** {@code controllers}: react to stored changes and write only through the object store. */
  @ArchTest
  static final ArchRule controllersWriteOnlyThroughTheStore =
      noClasses()
          .that()
          .resideInAPackage("io.driftless.sandbox.controllers..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "io.driftless.sandbox.server..",
              "io.fabric8.mockwebserver..",
              "io.fabric8.kubernetes.client.server..",
              "okhttp3..",
              "java.net.http..",
              "com.sun.net.httpserver..");

  /** {@code objects}: the ground every other package shares; it knows none of them. */
  @ArchTest
  static final ArchRule objectsIsTheGround =
      noClasses()
          .that()
          .resideInAPackage("io.driftless.sandbox.objects..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "io.driftless.sandbox.server..",
              "io.driftless.sandbox.controllers..",
              "io.driftless.sandbox.defaults..",
              "io.driftless.sandbox.validation..");

  /** No cycle between the sandbox's packages. */
  @ArchTest
  static final ArchRule noCycles =
      slices().matching("io.driftless.sandbox.(*)..").should().beFreeOfCycles();
}
