package io.driftless.cli;

import com.fasterxml.jackson.databind.JsonNode;

/** Receives the lines of a streamed command ({@code application/x-ndjson}, docs/API.md). */
interface StreamListener {

  /** The change's plan, before anything is applied. */
  void plan(JsonNode plan);

  /** One of kapp's progress lines: {@code at}, {@code line}, optional {@code detail}. */
  void progress(JsonNode progress);

  StreamListener IGNORE =
      new StreamListener() {
        @Override
        public void plan(JsonNode plan) {}

        @Override
        public void progress(JsonNode progress) {}
      };
}
