package io.driftless.sandbox.validation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.objects.Nodes;
import io.driftless.sandbox.objects.ObjectType;
import java.util.ArrayList;
import java.util.List;

/**
 * The API server's validation where defaults and updates meet: the checks a plan can trip over that
 * a client-side schema check would not see (a Recreate strategy keeping its defaulted
 * rollingUpdate, an immutable field changed). It runs on the defaulted object, as the API server's
 * does; it is not the whole of Kubernetes' validation (names, label syntax, quantities are not
 * checked).
 */
public final class Validation {

  private Validation() {}

  /** Throws {@link Invalid} when the API server would refuse to create {@code object}. */
  public static void create(ObjectNode object) {
    var errors = new ArrayList<FieldError>();
    common(object, errors);
    refuseIfAny(object, errors);
  }

  /**
   * Throws {@link Invalid} when the API server would refuse to turn {@code old} into {@code next}.
   */
  public static void update(ObjectNode next, ObjectNode old) {
    var errors = new ArrayList<FieldError>();
    common(next, errors);
    var type = ObjectType.of(next);
    if (type.equals(ObjectType.DEPLOYMENT) || type.equals(ObjectType.DAEMON_SET)) {
      WorkloadRules.selectorUpdate(next, old, errors);
    } else if (type.equals(ObjectType.STATEFUL_SET)) {
      WorkloadRules.statefulSetUpdate(next, old, errors);
    } else if (type.equals(ObjectType.JOB)) {
      WorkloadRules.jobUpdate(next, old, errors);
    } else if (type.equals(ObjectType.SERVICE)) {
      CoreRules.serviceUpdate(next, old, errors);
    } else if (type.equals(ObjectType.CONFIG_MAP) || type.equals(ObjectType.SECRET)) {
      CoreRules.dataUpdate(next, old, errors);
    }
    refuseIfAny(next, errors);
  }

  private static void common(ObjectNode object, List<FieldError> errors) {
    var type = ObjectType.of(object);
    if (type.equals(ObjectType.DEPLOYMENT)) {
      WorkloadRules.deployment(object, errors);
    } else if (type.equals(ObjectType.DAEMON_SET) || type.equals(ObjectType.STATEFUL_SET)) {
      WorkloadRules.selectorMatchesTemplate(object, errors);
    } else if (type.equals(ObjectType.JOB)) {
      WorkloadRules.job(object, errors);
    } else if (type.equals(ObjectType.CRD)) {
      CrdRules.crd(object, errors);
    }
  }

  private static void refuseIfAny(ObjectNode object, List<FieldError> errors) {
    if (!errors.isEmpty()) {
      throw new Invalid(ObjectType.of(object), Nodes.text(object, "metadata", "name"), errors);
    }
  }
}
