package io.driftless.diff.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.config.KappConfig;
import io.driftless.diff.plan.Change;
import io.driftless.diff.plan.ChangeSet;
import io.driftless.diff.plan.DiffEngine;
import io.driftless.diff.plan.DiffInput;
import io.driftless.diff.plan.FieldChange;
import io.driftless.diff.resources.Manifest;
import io.driftless.diff.resources.ManifestException;
import io.driftless.diff.resources.ManifestParser;
import io.driftless.diff.resources.Resource;
import io.driftless.diff.resources.YamlTrees;
import io.driftless.diff.text.SecretFingerprint;
import io.driftless.diff.text.SecretMask;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The three-way diff of one resource from files, without a server: what {@code driftless diff}
 * prints (see {@code shared/diff-cases/README.md}). The desired file holds one resource (namespaced
 * kinds without a namespace get {@code default}) and may hold kapp Config documents; the config
 * file adds more. Without a recorded resourceVersion the compare is against live (three-way), as
 * kubectl apply does when it cannot know whether the object changed since.
 *
 * <p>The JSON form is {@code {"op", "fields": [{"path","from","to","decidedBy"}], "applied",
 * "diff"}}; with masking on (the default) the applied object's Secret values and the line diff show
 * {@code <-- value not shown (#N)} as kapp's diff does ({@link SecretMask}), so no Secret value
 * reaches the output in any form. There is no server key here: the engine compares Secret values by
 * fingerprints under a random key ({@link io.driftless.diff.text.HmacFingerprint#ephemeral()}),
 * which mean nothing outside this run, so field values of Secrets are always masked ({@code <--
 * value not shown (#N)}, equal fingerprints equal numbers), never fingerprints.
 */
public final class OfflineDiff {

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private final Change change;
  private final OfflineDiffRequest request;

  private OfflineDiff(Change change, OfflineDiffRequest request) {
    this.change = change;
    this.request = request;
  }

  /**
   * Runs the diff.
   *
   * @throws ManifestException when a file is not YAML, the desired file does not hold exactly one
   *     resource, or a Config is invalid
   */
  public static OfflineDiff run(OfflineDiffRequest request) {
    Manifest desired = ManifestParser.parseYaml(request.desired(), "default");
    if (desired.resources().size() != 1) {
      throw new ManifestException(
          ManifestException.Reason.INVALID,
          "The desired file must hold exactly one resource.",
          List.of("found " + desired.resources().size()));
    }
    var configs = new ArrayList<>(desired.configs());
    if (request.config() != null) {
      configs.addAll(ManifestParser.parseYaml(request.config(), "default").configs());
    }
    Resource resource = desired.resources().get(0);
    ObjectNode lastApplied = object(request.lastApplied());
    ObjectNode live = object(request.live());
    var input =
        new DiffInput(
            resource.key(),
            resource.apiVersion(),
            resource.object(),
            lastApplied,
            live,
            unchanged(live, request.recordedResourceVersion()));
    var engine = new DiffEngine(KappConfig.withDefaults(configs));
    return new OfflineDiff(engine.diff(input), request);
  }

  /** The planned change. */
  public Change change() {
    return change;
  }

  /** Whether the resource would be written (create, update or delete). */
  public boolean hasChanges() {
    return new ChangeSet(List.of(change)).hasChanges();
  }

  /** The line diff, kapp-style. */
  public String diffText() {
    return ChangeDiff.render(change, request.context(), request.mask());
  }

  /** What {@code driftless deploy} prints for this one resource: diff, table and summary. */
  public String text() {
    String diff = diffText();
    return (diff.isEmpty() ? "" : diff + "\n")
        + ChangesTable.render(new ChangeSet(List.of(change)));
  }

  /** The JSON form. */
  public ObjectNode json() {
    ObjectNode json = NODES.objectNode();
    json.put("op", change.op().wireName());
    var fields = json.putArray("fields");
    var numbers = new HashMap<String, Integer>();
    for (FieldChange field : change.fields()) {
      ObjectNode item = fields.addObject();
      item.put("path", field.path());
      item.set("from", shown(field.from(), numbers));
      item.set("to", shown(field.to(), numbers));
      item.put("decidedBy", field.decidedBy());
    }
    ObjectNode applied = change.applied();
    json.set(
        "applied",
        applied == null
            ? NODES.nullNode()
            : request.mask() ? SecretMask.maskPair(null, applied).get(1) : applied);
    json.put("diff", diffText());
    return json;
  }

  /** A field value, a Secret value's fingerprint masked (the run's key makes it meaningless). */
  private JsonNode shown(JsonNode node, Map<String, Integer> numbers) {
    if (node == null) {
      return NODES.nullNode();
    }
    if (!"Secret".equals(change.key().kind())
        || !node.isTextual()
        || !SecretFingerprint.isFingerprint(node.textValue())) {
      return node;
    }
    int number = numbers.computeIfAbsent(node.textValue(), k -> numbers.size() + 1);
    return NODES.textNode(SecretMask.placeholder(number));
  }

  private static ObjectNode object(String yaml) {
    return yaml == null ? null : YamlTrees.readObject(yaml);
  }

  private static boolean unchanged(ObjectNode live, String recorded) {
    return recorded != null
        && live != null
        && Objects.equals(recorded, live.path("metadata").path("resourceVersion").asText(null));
  }
}
