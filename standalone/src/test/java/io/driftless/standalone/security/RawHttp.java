package io.driftless.standalone.security;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * A request written byte for byte on a socket, as a careless script would send it (a stray CR or
 * control character in a header, non-ASCII bytes, a header twice), which {@code HttpClient} refuses
 * to build; the whole answer read until the server closes the connection.
 */
final class RawHttp {

  private RawHttp() {}

  /** Sends {@code head} (request line and headers, CRLF-separated, ending in an empty line). */
  static Answer send(int port, byte[] head) throws IOException {
    try (var socket = new Socket("127.0.0.1", port)) {
      socket.setSoTimeout(15_000);
      socket.getOutputStream().write(head);
      socket.getOutputStream().flush();
      var answer = new ByteArrayOutputStream();
      socket.getInputStream().transferTo(answer);
      return Answer.of(answer.toString(StandardCharsets.ISO_8859_1));
    }
  }

  /** {@code GET path} with {@code Connection: close} and the given header lines, as ISO-8859-1. */
  static byte[] get(String path, String... headerLines) {
    var head = new StringBuilder("GET " + path + " HTTP/1.1\r\nHost: localhost\r\n");
    for (var line : headerLines) {
      head.append(line).append("\r\n");
    }
    head.append("Connection: close\r\n\r\n");
    return head.toString().getBytes(StandardCharsets.ISO_8859_1);
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
