package io.driftless.diff.plan;

import io.driftless.diff.resources.ManifestException;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One kapp change rule of a resource: {@code (upsert|delete) (before|after) (upserting|deleting)
 * <group>}. It only binds the resource when the resource's own change is of the first kind (an
 * upsert rule says nothing about the resource's deletion).
 *
 * @param upsert whether it binds the resource's upsert (create, update, noop) or its delete
 * @param after whether the resource goes after (else before) the group's changes
 * @param groupUpsert whether it refers to the group's upserts (else its deletes)
 * @param group the change group
 * @param ignoreIfCyclical whether the rule is dropped when it would make a cycle
 * @param weight kapp's rule weight: 0 for an annotation, 100 + the binding's index for a Config
 *     binding; rules of a higher weight are added to the graph first
 */
record ChangeRule(
    boolean upsert,
    boolean after,
    boolean groupUpsert,
    String group,
    boolean ignoreIfCyclical,
    int weight) {

  private static final Pattern FORMAT =
      Pattern.compile("(upsert|delete) (before|after) (upserting|deleting) (\\S+)");

  /**
   * Parses a rule.
   *
   * @throws ManifestException (INVALID) when the text does not follow kapp's format
   */
  static ChangeRule parse(String text, boolean ignoreIfCyclical, int weight, String where) {
    Matcher m = FORMAT.matcher(text.strip());
    if (!m.matches()) {
      throw new ManifestException(
          ManifestException.Reason.INVALID,
          "A change rule does not follow kapp's format.",
          List.of(
              where
                  + ": \""
                  + text
                  + "\" is not (upsert|delete) (before|after) (upserting|deleting) <group>"));
    }
    return new ChangeRule(
        "upsert".equals(m.group(1)),
        "after".equals(m.group(2)),
        "upserting".equals(m.group(3)),
        m.group(4),
        ignoreIfCyclical,
        weight);
  }
}
