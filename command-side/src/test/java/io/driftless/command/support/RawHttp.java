package io.driftless.command.support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * HTTP/1.1 over a plain socket, for what {@code java.net.http} cannot send: a body the server may
 * refuse before it has all of it (a writer thread sends while the caller reads the answer, and
 * counts the bytes that left before it came), a body announced but never sent, chunked bodies of a
 * chosen size.
 */
public final class RawHttp {

  /** An answer and how many body bytes had been written when its status line arrived. */
  public record Answer(int status, Map<String, String> headers, String body, long bytesSent) {}

  /** How the body travels. */
  public enum Transfer {
    /** {@code Content-Length} and the whole body. */
    LENGTH,
    /** {@code Content-Length} of the body, but nothing of it is sent. */
    HEADERS_ONLY,
    /** {@code Transfer-Encoding: chunked}, 64 KiB chunks. */
    CHUNKED
  }

  private static final int CHUNK = 64 * 1024;

  private RawHttp() {}

  /** Sends a request and reads one answer (the connection is closed afterwards). */
  public static Answer send(
      int port, String method, String target, String contentType, byte[] body, Transfer transfer)
      throws IOException {
    try (var socket = new Socket("127.0.0.1", port)) {
      socket.setSoTimeout(30_000);
      var out = socket.getOutputStream();
      out.write(head(method, target, contentType, body, transfer));
      out.flush();
      var sent = new AtomicLong();
      var writer = new Thread(() -> writeBody(out, body, transfer, sent), "raw-http-writer");
      writer.setDaemon(true);
      writer.start();
      var in = socket.getInputStream();
      var statusLine = line(in);
      long sentAtAnswer = sent.get();
      var headers = headers(in);
      var answer = body(in, headers);
      writer.interrupt();
      return new Answer(status(statusLine), headers, answer, sentAtAnswer);
    }
  }

  private static byte[] head(
      String method, String target, String contentType, byte[] body, Transfer transfer) {
    var head = new StringBuilder(method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    if (contentType != null) {
      head.append("Content-Type: ").append(contentType).append("\r\n");
    }
    if (transfer == Transfer.CHUNKED) {
      head.append("Transfer-Encoding: chunked\r\n");
    } else {
      head.append("Content-Length: ").append(body.length).append("\r\n");
    }
    head.append("Connection: close\r\n\r\n");
    return head.toString().getBytes(StandardCharsets.US_ASCII);
  }

  /** Writes until done or the server stops reading (a closed connection ends it quietly). */
  private static void writeBody(OutputStream out, byte[] body, Transfer transfer, AtomicLong sent) {
    if (transfer == Transfer.HEADERS_ONLY) {
      return;
    }
    try {
      for (int offset = 0; offset < body.length; offset += CHUNK) {
        int length = Math.min(CHUNK, body.length - offset);
        if (transfer == Transfer.CHUNKED) {
          out.write((Integer.toHexString(length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
        }
        out.write(body, offset, length);
        if (transfer == Transfer.CHUNKED) {
          out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        sent.addAndGet(length);
      }
      if (transfer == Transfer.CHUNKED) {
        out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
      }
      out.flush();
    } catch (IOException e) {
      // the server answered and closed the connection: what the refusal is meant to do
    }
  }

  private static int status(String statusLine) {
    var parts = statusLine.split(" ", 3);
    if (parts.length < 2) {
      throw new IllegalStateException("no HTTP status line: " + statusLine);
    }
    return Integer.parseInt(parts[1]);
  }

  private static Map<String, String> headers(InputStream in) throws IOException {
    var headers = new TreeMap<String, String>(String.CASE_INSENSITIVE_ORDER);
    for (String line; !(line = line(in)).isEmpty(); ) {
      int colon = line.indexOf(':');
      headers.put(line.substring(0, colon).trim(), line.substring(colon + 1).trim());
    }
    return headers;
  }

  private static String body(InputStream in, Map<String, String> headers) throws IOException {
    var encoding = headers.getOrDefault("Transfer-Encoding", "").toLowerCase(Locale.ROOT);
    if (encoding.contains("chunked")) {
      var body = new ByteArrayOutputStream();
      for (int size; (size = Integer.parseInt(line(in).trim(), 16)) > 0; ) {
        body.write(in.readNBytes(size));
        line(in);
      }
      return body.toString(StandardCharsets.UTF_8);
    }
    var length = headers.get("Content-Length");
    var bytes = length == null ? in.readAllBytes() : in.readNBytes(Integer.parseInt(length));
    return new String(bytes, StandardCharsets.UTF_8);
  }

  private static String line(InputStream in) throws IOException {
    var line = new ByteArrayOutputStream();
    for (int b; (b = in.read()) != '\n'; ) {
      if (b < 0) {
        throw new UncheckedIOException(new IOException("connection closed mid-answer"));
      }
      if (b != '\r') {
        line.write(b);
      }
    }
    return line.toString(StandardCharsets.ISO_8859_1);
  }
}
