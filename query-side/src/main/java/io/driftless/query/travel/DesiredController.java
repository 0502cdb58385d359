package io.driftless.query.travel;

import io.driftless.diff.text.YamlText;
import io.driftless.events.ResourceIds;
import io.driftless.query.api.BadParameterException;
import io.driftless.query.projection.Json;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * An app's desired set as it stood after a change ({@code ?change=}) or after the last change
 * started at or before a time ({@code ?at=}): the objects as applied, Secrets masked. A deleted
 * app's changes stay readable; as of its delete change the set is empty. {@code Accept:
 * application/yaml} gives the objects as YAML documents.
 */
@RestController
class DesiredController {

  private static final List<MediaType> YAML =
      List.of(
          MediaType.parseMediaType("application/yaml"),
          MediaType.parseMediaType("application/x-yaml"),
          MediaType.parseMediaType("text/yaml"));

  private final DesiredSets sets;

  DesiredController(DesiredSets sets) {
    this.sets = sets;
  }

  /**
   * The answer's JSON form.
   *
   * @param resources the objects, Secret values masked
   * @param fingerprints per Secret ({@code namespace/name}), its keyed fingerprints by key
   */
  record DesiredAnswer(
      String app,
      AsOfView asOf,
      List<Object> resources,
      Map<String, Map<String, Object>> fingerprints) {}

  /** The change the answer is as of. */
  record AsOfView(String changeId, Instant at) {}

  @GetMapping("/api/apps/{namespace}/{app}/desired")
  ResponseEntity<?> desired(
      @PathVariable String namespace,
      @PathVariable String app,
      @RequestParam(required = false) String change,
      @RequestParam(required = false) String at,
      @RequestHeader(value = HttpHeaders.ACCEPT, required = false) String accept) {
    if (change == null && at == null) {
      throw new BadParameterException("change", "a change id, or at= a time, given", "nothing");
    }
    if (change != null && at != null) {
      throw new BadParameterException("at", "absent when change is given", at);
    }
    sets.requireBuilt();
    var appId = ResourceIds.appId(namespace, app);
    var asOf =
        change != null
            ? sets.change(namespace, app, appId, change)
            : sets.at(namespace, app, appId, DesiredSets.instant("at", at));
    var objects = sets.objects(appId, asOf.number());
    if (wantsYaml(accept)) {
      var text = new StringBuilder();
      objects.forEach(
          o -> text.append("---\n").append(YamlText.render(SecretValues.masked(o.content()))));
      return ResponseEntity.ok().contentType(YAML.get(0)).body(text.toString());
    }
    var resources = new ArrayList<Object>();
    var fingerprints = new TreeMap<String, Map<String, Object>>();
    for (var o : objects) {
      resources.add(Json.mapper().convertValue(SecretValues.masked(o.content()), Object.class));
      var keyed = SecretValues.fingerprints(o.content());
      if (!keyed.isEmpty()) {
        fingerprints.put(o.namespace() + "/" + o.name(), keyed);
      }
    }
    return ResponseEntity.ok()
        .contentType(MediaType.APPLICATION_JSON)
        .body(
            new DesiredAnswer(
                appId, new AsOfView(asOf.changeId(), asOf.at()), resources, fingerprints));
  }

  private static boolean wantsYaml(String accept) {
    if (accept == null) {
      return false;
    }
    for (var type : MediaType.parseMediaTypes(accept)) {
      if (YAML.stream().anyMatch(type::equalsTypeAndSubtype)) {
        return true;
      }
      if (type.equalsTypeAndSubtype(MediaType.APPLICATION_JSON)) {
        return false;
      }
    }
    return false;
  }
}
