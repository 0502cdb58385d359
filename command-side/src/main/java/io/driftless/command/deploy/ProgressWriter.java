package io.driftless.command.deploy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;

/**
 * Writes a change's stream (API.md, "With {@code Accept: application/x-ndjson}"): one JSON object a
 * line, {@code plan}, {@code progress} lines, {@code result} last; for {@code text/event-stream}
 * each object is an event's {@code data:}. Nothing is written, and the status stays open, until the
 * plan: a failure before it is answered as a normal error. Lines come from the apply workers at
 * once, so writing is synchronized; every line is flushed. A client gone away does not stop the
 * change: the write fails, the change goes on and is recorded, later lines are dropped.
 */
final class ProgressWriter implements ChangeStream {

  /** The ndjson media type. */
  static final String NDJSON = "application/x-ndjson";

  private final ObjectMapper mapper;
  private final HttpServletResponse http;
  private final boolean eventStream;
  private final Clock clock;
  private boolean started;
  private boolean gone;

  ProgressWriter(ObjectMapper mapper, HttpServletResponse http, boolean eventStream, Clock clock) {
    this.mapper = mapper;
    this.http = http;
    this.eventStream = eventStream;
    this.clock = clock;
  }

  /** Whether the plan was written: from then on the status is 200 and failures are result lines. */
  synchronized boolean started() {
    return started;
  }

  @Override
  public synchronized void planned(DeployResponse plan) {
    http.setStatus(200);
    http.setContentType(eventStream ? "text/event-stream" : NDJSON);
    http.setCharacterEncoding(StandardCharsets.UTF_8.name());
    started = true;
    write(typed("plan", plan));
  }

  @Override
  public synchronized void line(String line, List<String> detail) {
    var node = mapper.createObjectNode();
    node.put("type", "progress");
    node.put("at", clock.instant().toString());
    node.put("line", line);
    if (!detail.isEmpty()) {
      var array = node.putArray("detail");
      detail.forEach(array::add);
    }
    write(node);
  }

  /** The last line: the answer (or the 502 body), with {@code type: result}. */
  synchronized void result(Object answer) {
    write(typed("result", answer));
  }

  private ObjectNode typed(String type, Object value) {
    var node = mapper.createObjectNode();
    node.put("type", type);
    node.setAll((ObjectNode) mapper.valueToTree(value));
    return node;
  }

  private void write(ObjectNode node) {
    if (!started || gone) {
      return;
    }
    try {
      var text = mapper.writeValueAsString(node);
      var out = http.getOutputStream();
      out.write(
          ((eventStream ? "data: " : "") + text + (eventStream ? "\n\n" : "\n"))
              .getBytes(StandardCharsets.UTF_8));
      out.flush();
    } catch (IOException | UncheckedIOException e) {
      gone = true;
    }
  }
}
