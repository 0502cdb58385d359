package io.driftless.standalone.security;

import io.driftless.events.testing.RawRequest;
import java.io.IOException;

/** {@link RawRequest}'s answers split into status, header block and body. */
final class RawHttp {

  private RawHttp() {}

  /** Sends {@code head} (request line and headers, CRLF-separated, ending in an empty line). */
  static Answer send(int port, byte[] head) throws IOException {
    return Answer.of(RawRequest.send(port, head));
  }

  /** {@code GET path} with {@code Connection: close} and the given header lines, as ISO-8859-1. */
  static byte[] get(String path, String... headerLines) {
    return RawRequest.head("GET " + path, headerLines);
  }

  /** The status, the header block and the body of an answer. */
  record Answer(int status, String headers, String body) {

    static Answer of(String raw) {
      var end = raw.indexOf("\r\n\r\n");
      var head = end < 0 ? raw : raw.substring(0, end);
      var body = end < 0 ? "" : raw.substring(end + 4);
      var status = Integer.parseInt(head.substring(9, 12));
      return new Answer(status, head, body);
    }
  }
}
