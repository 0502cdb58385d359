package io.driftless.command.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import io.driftless.events.GhostDiffPolicy;
import java.util.Set;

/**
 * The walk of the deploy parameter {@code ghostDiffPolicy} (command-side README, "Ghost diffs", the
 * walk): one typed value, named only by the files that parse it, carry it to the plan or the
 * records, keep it on the App, or act on it. A new carrier fails this rule: pass the value it
 * needs, or add the file here on purpose and to the README's walk.
 */
@AnalyzeClasses(
    packages = "io.driftless.command",
    importOptions = ImportOption.DoNotIncludeTests.class)
class GhostDiffPolicyWalkTest {

  /** The top-level classes of the walk, by simple name. */
  static final Set<String> WALK =
      Set.of(
          // the HTTP face: parsed once, carried to the service, set or kept by a change
          "DeployParameters",
          "DeployOptions",
          "ChangeSettings",
          // the plan: where a deploy's or reconcile's yielded fields take effect
          "Planner",
          "PlanSettings",
          "PlanRules",
          // kept by the App for its reconciles and rollbacks
          "StartAppChange",
          "App",
          "AppState",
          // the records: where a reconcile's ghost diff is yielded
          "ChangeRecords",
          "RecordResourceApplied",
          "ResourceChange");

  @ArchTest
  static final ArchRule onlyTheWalkNamesTheGhostDiffPolicy =
      noClasses()
          .that(outside(WALK))
          .should()
          .dependOnClassesThat()
          .belongToAnyOf(GhostDiffPolicy.class)
          .because("the policy travels as one value along a walk of at most 8 files per route");

  private static DescribedPredicate<JavaClass> outside(Set<String> walk) {
    return DescribedPredicate.describe(
        "are not on the ghostDiffPolicy walk " + walk,
        c -> !walk.contains(topLevel(c).getSimpleName()));
  }

  private static JavaClass topLevel(JavaClass c) {
    var top = c;
    while (top.getEnclosingClass().isPresent()) {
      top = top.getEnclosingClass().get();
    }
    return top;
  }
}
