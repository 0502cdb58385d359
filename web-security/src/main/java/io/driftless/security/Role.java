package io.driftless.security;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * The API's roles. As Argo CD's {@code role:admin}, {@code admin} may do everything: it implies
 * {@code deployer} and {@code viewer}. The other two are independent: a CI token that deploys and
 * reads its history is given both ({@code roles: deployer,viewer}).
 */
public enum Role {
  /** POST deploy and reconcile, DELETE an app, lock and unlock an app (issue 27). */
  DEPLOYER,
  /** Every GET (and HEAD) under {@code /api}. */
  VIEWER,
  /**
   * Rebuilds and repairs of the views, the actuator endpoints other than health, unlocking an app
   * someone else locked; all of the above.
   */
  ADMIN;

  /**
   * The name in properties, messages and the log: {@code deployer}, {@code viewer}, {@code admin}.
   */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The Spring Security role name ({@code hasRole(...)} adds the {@code ROLE_} prefix). */
  String authority() {
    return "ROLE_" + label();
  }

  /** This role and the roles it implies. */
  Set<Role> withImplied() {
    return this == ADMIN ? EnumSet.allOf(Role.class) : EnumSet.of(this);
  }
}
