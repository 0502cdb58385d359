package io.driftless.command.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.properties.HasName;
import com.tngtech.archunit.core.domain.properties.HasOwner;
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
              "io.driftless.command.deploy..",
              "io.driftless.command.plan..",
              "io.driftless.command.apply..",
              "io.driftless.command.change..");

  /** Spring MVC's and the servlet API's types: what an HTTP request arrives as. */
  private static final String[] WEB = {
    "org.springframework.web..", "org.springframework.http..", "jakarta.servlet.."
  };

  /**
   * {@code deploy}: only the HTTP face sees request types. The servlet API and Spring MVC stay in
   * the face and in the server's wiring ({@code config}: Tomcat's query characters).
   */
  @ArchTest
  static final ArchRule onlyTheHttpFaceSeesRequestTypes =
      noClasses()
          .that()
          .resideOutsideOfPackages("io.driftless.command.deploy..", "io.driftless.command.config..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(WEB)
          .orShould()
          .dependOnClassesThat()
          .haveFullyQualifiedName("io.driftless.command.deploy.DeployRequest")
          .orShould()
          .dependOnClassesThat()
          .haveFullyQualifiedName("io.driftless.command.deploy.DeployOptions")
          .orShould()
          .dependOnClassesThat()
          .haveFullyQualifiedName("io.driftless.command.deploy.DiffOptions");

  /**
   * {@code plan}: planning reads the aggregates and the cluster and sends no command; it knows
   * neither the HTTP face nor what comes after it (the change, its apply).
   */
  @ArchTest
  static final ArchRule planSendsNoCommand =
      noClasses()
          .that()
          .resideInAPackage("io.driftless.command.plan..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "org.axonframework.commandhandling..",
              "io.driftless.command.deploy..",
              "io.driftless.command.apply..",
              "io.driftless.command.change..");

  /** {@code apply}: the cluster apply knows no web type and not the change around it. */
  @ArchTest
  static final ArchRule applyKnowsNoWebType =
      noClasses()
          .that()
          .resideInAPackage("io.driftless.command.apply..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(WEB)
          .orShould()
          .dependOnClassesThat()
          .resideInAnyPackage("io.driftless.command.deploy..", "io.driftless.command.change..");

  /** {@code change}: a change's life knows no web type and not the HTTP face. */
  @ArchTest
  static final ArchRule changeKnowsNoWebType =
      noClasses()
          .that()
          .resideInAPackage("io.driftless.command.change..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(WEB)
          .orShould()
          .dependOnClassesThat()
          .resideInAPackage("io.driftless.command.deploy..");

  /**
   * {@code apply.wait}: waiting records nothing and knows no deploy: no command, no aggregate, no
   * apply step around it, no plan, no HTTP face.
   */
  @ArchTest
  static final ArchRule waitingRecordsNothingAndKnowsNoDeploy =
      noClasses()
          .that()
          .resideInAPackage("io.driftless.command.apply.wait..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "org.axonframework..",
              "io.driftless.command.app..",
              "io.driftless.command.resource..",
              "io.driftless.command.apply",
              "io.driftless.command.plan..",
              "io.driftless.command.change..",
              "io.driftless.command.deploy..");

  /** {@code apply.wait}: it polls the cluster through {@code ClusterGateway} reads only. */
  @ArchTest
  static final ArchRule waitingOnlyReadsTheCluster =
      noClasses()
          .that()
          .resideInAPackage("io.driftless.command.apply.wait..")
          .should()
          .callMethodWhere(
              JavaCall.Predicates.target(
                  HasOwner.Predicates.With.<JavaClass>owner(
                          HasName.Predicates.name("io.driftless.command.cluster.ClusterGateway"))
                      .and(
                          HasName.Predicates.nameMatching("create|update|delete|learnCustomKind"))))
          .as(
              "no class in io.driftless.command.apply.wait.. should call a ClusterGateway write"
                  + " (create, update, delete, learnCustomKind)");

  /**
   * {@code drift}: the drift check reads aggregates and the watch's object and records; it never
   * reaches the cluster itself (no gateway, no fabric8) nor knows the reconcile or the deploy.
   */
  @ArchTest
  static final ArchRule driftChecksNeverReachTheCluster =
      noClasses()
          .that()
          .resideInAPackage("io.driftless.command.drift..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "io.fabric8..",
              "io.driftless.command.reconcile..",
              "io.driftless.command.deploy..",
              "io.driftless.command.change..")
          .orShould()
          .dependOnClassesThat()
          .haveFullyQualifiedName("io.driftless.command.cluster.ClusterGateway");

  /** {@code reconcile}: the schedule must not know fabric8 or the aggregates. */
  @ArchTest
  static final ArchRule reconcilesKnowNeitherFabric8NorTheAggregates =
      noClasses()
          .that()
          .resideInAPackage("io.driftless.command.reconcile..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "io.fabric8..", "io.driftless.command.app..", "io.driftless.command.resource..");

  /**
   * {@code secrets}: must not know the cluster, the deploy API or the aggregates themselves (a
   * recorded state, {@code ResourceState}, is what it opens).
   */
  @ArchTest
  static final ArchRule secretsKnowNeitherTheClusterNorTheDeployApi =
      noClasses()
          .that()
          .resideInAPackage("io.driftless.command.secrets..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "io.fabric8..",
              "io.driftless.command.cluster..",
              "io.driftless.command.deploy..",
              "io.driftless.command.plan..",
              "io.driftless.command.apply..",
              "io.driftless.command.change..")
          .orShould()
          .dependOnClassesThat()
          .resideInAnyPackage(WEB)
          .orShould()
          .dependOnClassesThat()
          .haveFullyQualifiedName("io.driftless.command.app.App")
          .orShould()
          .dependOnClassesThat()
          .haveFullyQualifiedName("io.driftless.command.resource.ResourceChange");

  /**
   * {@code idempotency}: knows JDBC and the event store; nothing of HTTP, planning or the cluster.
   */
  @ArchTest
  static final ArchRule idempotencyKnowsNoHttpPlanningOrCluster =
      noClasses()
          .that()
          .resideInAPackage("io.driftless.command.idempotency..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(WEB)
          .orShould()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "io.fabric8..",
              "io.driftless.command.cluster..",
              "io.driftless.command.deploy..",
              "io.driftless.command.plan..",
              "io.driftless.command.apply..",
              "io.driftless.command.change..");

  /** {@code relay}: it hands stored events on; it knows no other part of the command side. */
  @ArchTest
  static final ArchRule relayKnowsOnlyTheEvents =
      noClasses()
          .that()
          .resideInAPackage("io.driftless.command.relay..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "io.driftless.command.app..",
              "io.driftless.command.resource..",
              "io.driftless.command.cluster..",
              "io.driftless.command.deploy..",
              "io.driftless.command.plan..",
              "io.driftless.command.apply..",
              "io.driftless.command.change..",
              "io.driftless.command.reconcile..",
              "io.driftless.command.idempotency..",
              "io.driftless.command.ownership..",
              "io.driftless.command.secrets..");

  /** The rooms of {@code io.driftless.command} depend on each other without a cycle. */
  @ArchTest
  static final ArchRule roomsAreFreeOfCycles =
      slices().matching("io.driftless.command.(*)..").should().beFreeOfCycles();
}
