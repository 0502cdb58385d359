package io.driftless.query.travel;

import io.driftless.events.ResourceIds;
import io.driftless.query.api.BadParameterException;
import io.driftless.query.api.NotFoundException;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * What differs between the desired sets after two changes of an app ({@code to} absent: its newest
 * change), planned as if {@code from} were live and {@code to} deployed ({@link Comparison}).
 */
@RestController
class CompareController {

  private final DesiredSets sets;

  CompareController(DesiredSets sets) {
    this.sets = sets;
  }

  @GetMapping("/api/apps/{namespace}/{app}/compare")
  Comparison.CompareAnswer compare(
      @PathVariable String namespace,
      @PathVariable String app,
      @RequestParam(required = false) String from,
      @RequestParam(required = false) String to,
      @RequestParam(defaultValue = "false") boolean diffChanges,
      @RequestParam(defaultValue = "2") int diffContext) {
    if (from == null) {
      throw new BadParameterException("from", "a change id of the app", "nothing");
    }
    if (diffContext < 0 || diffContext > 1000) {
      throw new BadParameterException(
          "diffContext", "a whole number from 0 to 1000", Integer.toString(diffContext));
    }
    sets.requireBuilt();
    var appId = ResourceIds.appId(namespace, app);
    var start = sets.change(namespace, app, appId, from);
    var end =
        to != null
            ? sets.change(namespace, app, appId, to)
            : sets.newest(appId).orElseThrow(() -> new NotFoundException("no change of " + appId));
    return Comparison.of(
        appId,
        start,
        end,
        sets.objects(appId, start.number()),
        sets.objects(appId, end.number()),
        diffChanges ? diffContext : null);
  }
}
