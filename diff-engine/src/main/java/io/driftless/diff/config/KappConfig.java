package io.driftless.diff.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.resources.ManifestException;
import io.driftless.diff.resources.YamlTrees;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The parts of kapp {@code Config} documents the engine uses: {@code rebaseRules}, {@code
 * changeGroupBindings}, {@code changeRuleBindings}, {@code labelScopingRules} and {@code
 * ownershipLabelRules} (read for the pod-template labels that go with scoping, see {@code
 * LabelScoping}). Other keys ({@code minimumRequiredVersion}, {@code templateRules}, ...) are
 * accepted and ignored.
 *
 * <p>{@link #defaults()} is kapp's built-in configuration as far as it applies here (see {@code
 * kapp-defaults.yaml} next to this class); {@link #withDefaults} puts the defaults first, so user
 * rules run after them and win, as in kapp.
 *
 * @param rebaseRules the rebase rules, in order
 * @param changeGroupBindings the change group bindings
 * @param changeRuleBindings the change rule bindings
 * @param labelScopingRules where the app label scopes label selectors
 * @param ownershipLabelRules where the app label goes as a label (Driftless reads the pod-template
 *     ones: the object's own labels are the command side's business)
 */
public record KappConfig(
    List<RebaseRule> rebaseRules,
    List<ChangeGroupBinding> changeGroupBindings,
    List<ChangeRuleBinding> changeRuleBindings,
    List<LabelRule> labelScopingRules,
    List<LabelRule> ownershipLabelRules) {

  private static final KappConfig DEFAULTS = loadDefaults();

  /** Copies the lists. */
  public KappConfig {
    rebaseRules = List.copyOf(rebaseRules);
    changeGroupBindings = List.copyOf(changeGroupBindings);
    changeRuleBindings = List.copyOf(changeRuleBindings);
    labelScopingRules = List.copyOf(labelScopingRules);
    ownershipLabelRules = List.copyOf(ownershipLabelRules);
  }

  /** A configuration without label rules. */
  public KappConfig(
      List<RebaseRule> rebaseRules,
      List<ChangeGroupBinding> changeGroupBindings,
      List<ChangeRuleBinding> changeRuleBindings) {
    this(rebaseRules, changeGroupBindings, changeRuleBindings, List.of(), List.of());
  }

  /** kapp's built-in configuration. */
  public static KappConfig defaults() {
    return DEFAULTS;
  }

  /** The defaults followed by the given Config documents. */
  public static KappConfig withDefaults(List<ObjectNode> documents) {
    return DEFAULTS.plus(parse(documents));
  }

  /**
   * Reads Config documents, in order.
   *
   * @throws ManifestException (INVALID) when a rule or matcher is malformed
   */
  public static KappConfig parse(List<ObjectNode> documents) {
    var rebase = new ArrayList<RebaseRule>();
    var groups = new ArrayList<ChangeGroupBinding>();
    var rules = new ArrayList<ChangeRuleBinding>();
    var scoping = new ArrayList<LabelRule>();
    var ownership = new ArrayList<LabelRule>();
    for (int i = 0; i < documents.size(); i++) {
      ObjectNode document = documents.get(i);
      String name = document.path("metadata").path("name").asText("config-" + (i + 1));
      requireLists(name, document);
      rebase.addAll(rebaseRules(name, document.path("rebaseRules")));
      groups.addAll(groupBindings(name, document.path("changeGroupBindings")));
      rules.addAll(ruleBindings(name, document.path("changeRuleBindings")));
      scoping.addAll(labelRules(name + "/labelScopingRules", document.path("labelScopingRules")));
      ownership.addAll(
          labelRules(name + "/ownershipLabelRules", document.path("ownershipLabelRules")));
    }
    return new KappConfig(rebase, groups, rules, scoping, ownership);
  }

  /** This configuration followed by another. */
  public KappConfig plus(KappConfig other) {
    return new KappConfig(
        concat(rebaseRules, other.rebaseRules),
        concat(changeGroupBindings, other.changeGroupBindings),
        concat(changeRuleBindings, other.changeRuleBindings),
        concat(labelScopingRules, other.labelScopingRules),
        concat(ownershipLabelRules, other.ownershipLabelRules));
  }

  /** The rebase rules, ready to apply. */
  public RebaseRules rebase() {
    return new RebaseRules(rebaseRules);
  }

  static ManifestException invalid(String detail) {
    return new ManifestException(
        ManifestException.Reason.INVALID, "A kapp Config document is invalid.", List.of(detail));
  }

  /** A rule list that is no list would otherwise read as empty, and its rules silently vanish. */
  private static void requireLists(String config, ObjectNode document) {
    for (String key : List.of("rebaseRules", "changeGroupBindings", "changeRuleBindings")) {
      JsonNode value = document.get(key);
      if (value != null && !value.isNull() && !value.isArray()) {
        throw invalid(config + ": " + key + " must be a list");
      }
    }
  }

  private static List<RebaseRule> rebaseRules(String config, JsonNode list) {
    var rules = new ArrayList<RebaseRule>();
    for (int i = 0; i < list.size(); i++) {
      JsonNode rule = list.get(i);
      String where = config + "/rebaseRules[" + i + "]";
      String name = rule.path("name").asText(where);
      var type = type(rule.path("type").asText(""), where);
      rules.add(
          new RebaseRule(
              name, type, paths(rule, where), sources(rule, type, where), matchers(rule, where)));
    }
    return rules;
  }

  private static RebaseType type(String type, String where) {
    return switch (type) {
      case "copy" -> RebaseType.COPY;
      case "remove" -> RebaseType.REMOVE;
      case "serviceAccountTokens" -> RebaseType.SERVICE_ACCOUNT_TOKENS;
      default -> throw invalid(where + ": type is copy or remove, got \"" + type + "\"");
    };
  }

  private static List<List<PathPart>> paths(JsonNode rule, String where) {
    var paths = new ArrayList<List<PathPart>>();
    if (rule.has("path")) {
      paths.add(PathPart.parsePath(rule.get("path"), where));
    }
    rule.path("paths").forEach(path -> paths.add(PathPart.parsePath(path, where)));
    if (paths.isEmpty() && !"serviceAccountTokens".equals(rule.path("type").asText())) {
      throw invalid(where + ": a rebase rule needs path or paths");
    }
    return paths;
  }

  private static List<CopySource> sources(JsonNode rule, RebaseType type, String where) {
    var sources = new ArrayList<CopySource>();
    for (JsonNode source : rule.path("sources")) {
      switch (source.asText().toLowerCase(Locale.ROOT)) {
        case "new" -> sources.add(CopySource.NEW);
        case "existing" -> sources.add(CopySource.EXISTING);
        default -> throw invalid(where + ": a source is new or existing, got " + source);
      }
    }
    if (type == RebaseType.COPY && sources.isEmpty()) {
      throw invalid(where + ": a copy rule needs sources");
    }
    return sources;
  }

  private static ResourceMatcher matchers(JsonNode rule, String where) {
    return ResourceMatchers.anyOf(rule.path("resourceMatchers"), where);
  }

  private static List<ChangeGroupBinding> groupBindings(String config, JsonNode list) {
    var bindings = new ArrayList<ChangeGroupBinding>();
    for (int i = 0; i < list.size(); i++) {
      String where = config + "/changeGroupBindings[" + i + "]";
      String name = list.get(i).path("name").asText("");
      if (name.isBlank()) {
        throw invalid(where + ": a change group binding needs a name");
      }
      bindings.add(new ChangeGroupBinding(name, matchers(list.get(i), where)));
    }
    return bindings;
  }

  private static List<ChangeRuleBinding> ruleBindings(String config, JsonNode list) {
    var bindings = new ArrayList<ChangeRuleBinding>();
    for (int i = 0; i < list.size(); i++) {
      JsonNode binding = list.get(i);
      String where = config + "/changeRuleBindings[" + i + "]";
      var rules = new ArrayList<String>();
      binding.path("rules").forEach(rule -> rules.add(rule.asText()));
      bindings.add(
          new ChangeRuleBinding(
              rules, binding.path("ignoreIfCyclical").asBoolean(false), matchers(binding, where)));
    }
    return bindings;
  }

  private static List<LabelRule> labelRules(String where, JsonNode list) {
    var rules = new ArrayList<LabelRule>();
    for (int i = 0; i < list.size(); i++) {
      JsonNode rule = list.get(i);
      String at = where + "[" + i + "]";
      rules.add(
          new LabelRule(
              PathPart.parsePath(rule.path("path"), at),
              matchers(rule, at),
              rule.path("isDefault").asBoolean(false)));
    }
    return rules;
  }

  private static <T> List<T> concat(List<T> first, List<T> second) {
    var all = new ArrayList<T>(first);
    all.addAll(second);
    return all;
  }

  private static KappConfig loadDefaults() {
    try (InputStream in = KappConfig.class.getResourceAsStream("kapp-defaults.yaml")) {
      if (in == null) {
        throw new IllegalStateException("kapp-defaults.yaml is missing from the classpath");
      }
      var text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      return parse(List.of(YamlTrees.readObject(text)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
