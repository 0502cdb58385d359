package io.driftless.standalone.kappexamples;

/**
 * Issue 28 point 4 for kapp's gatekeeper example: {@link GatekeeperExampleIT}'s scenario with
 * {@code applyMode=server-side} on every deploy. The deploy waits on the {@code exists}
 * placeholder, the test's controller creates the CRD, and the constraint is then created by
 * server-side apply; every owned object carries a {@code managedFields} entry of manager {@code
 * driftless}, operation {@code Apply}, and the placeholder none of driftless's (an {@code exists}
 * op only reads). The unchanged redeploy sends no write request; the reconciles keep the app's mode
 * and write nothing: {@value #RECONCILES_HERE} of them, as in {@link ServerSideApplyExamplesIT}
 * (the update mode's scenario runs the long count).
 */
class GatekeeperServerSideApplyIT extends GatekeeperExampleIT {

  private static final int RECONCILES_HERE = 3;

  @Override
  String applyMode() {
    return "&applyMode=server-side";
  }

  @Override
  String driftlessOperation() {
    return "Apply";
  }

  @Override
  int reconciles() {
    return RECONCILES_HERE;
  }
}
