package io.driftless.query.rebuild;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** {@code POST /api/projections/{name}/rebuild}: 202 with the rebuild's id; 404, 409. */
@RestController
class RebuildController {

  private final RebuildService rebuilds;

  RebuildController(RebuildService rebuilds) {
    this.rebuilds = rebuilds;
  }

  /** The rebuild's id, for {@code GET /api/projections}. */
  record Accepted(String rebuildId) {}

  @PostMapping("/api/projections/{name}/rebuild")
  @ResponseStatus(HttpStatus.ACCEPTED)
  Accepted rebuild(@PathVariable String name) {
    return new Accepted(rebuilds.start(name));
  }
}
