package io.driftless.events.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * A request written byte for byte on a socket, as a careless script would send it (a stray CR or
 * control character in a header, non-ASCII bytes, a header twice), which {@code HttpClient} refuses
 * to build; the whole answer read until the server closes the connection. The web-layer tests of
 * both sides and the standalone's security tests share it.
 */
public final class RawRequest {

  private RawRequest() {}

  /**
   * Sends {@code requestLine} ({@code "GET /api/apps"}) with {@code Host: localhost}, the given
   * header lines as ISO-8859-1 bytes and {@code Connection: close}; returns the raw answer.
   */
  public static String send(int port, String requestLine, String... headerLines)
      throws IOException {
    return send(port, head(requestLine, headerLines));
  }

  /** Sends {@code head} (request line and headers, CRLF-separated, ending in an empty line). */
  public static String send(int port, byte[] head) throws IOException {
    try (var socket = new Socket("127.0.0.1", port)) {
      socket.setSoTimeout(15_000);
      socket.getOutputStream().write(head);
      socket.getOutputStream().flush();
      var answer = new ByteArrayOutputStream();
      socket.getInputStream().transferTo(answer);
      return answer.toString(StandardCharsets.ISO_8859_1);
    }
  }

  /** The bytes {@link #send(int, String, String...)} writes. */
  public static byte[] head(String requestLine, String... headerLines) {
    var head = new StringBuilder(requestLine + " HTTP/1.1\r\nHost: localhost\r\n");
    for (var line : headerLines) {
      head.append(line).append("\r\n");
    }
    head.append("Connection: close\r\n\r\n");
    return head.toString().getBytes(StandardCharsets.ISO_8859_1);
  }
}
