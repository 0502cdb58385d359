package io.driftless.sandbox.controllers;

import io.driftless.sandbox.objects.Nodes;
import io.driftless.sandbox.objects.ObjectStore;
import io.driftless.sandbox.objects.ObjectType;

/**
 * apiextensions-apiserver's naming and establishing controllers: a CRD's names are accepted as
 * given ({@code status.acceptedNames}) with {@code NamesAccepted} and {@code Established}
 * conditions. Name conflicts between CRDs are not simulated.
 */
final class CrdController {

  private static final String MANAGER = "kube-apiserver";

  private CrdController() {}

  static void reconcile(Change change, ObjectStore store) {
    var object = change.after();
    if (!object.type().equals(ObjectType.CRD)) {
      return;
    }
    var crd = object.object();
    var previous = crd.path("status").deepCopy();
    var status = Nodes.object(crd, "status");
    status.set("acceptedNames", crd.path("spec").path("names").deepCopy());
    var conditions = status.putArray("conditions");
    Conditions.add(conditions, previous, "NamesAccepted", "NoConflicts", "no conflicts found");
    Conditions.add(
        conditions,
        previous,
        "Established",
        "InitialNamesAccepted",
        "the initial names have been accepted");
    if (!Nodes.same(Conditions.withoutTimes(previous), Conditions.withoutTimes(status))) {
      store.writeStatus(object.path(), crd, MANAGER);
    }
  }
}
