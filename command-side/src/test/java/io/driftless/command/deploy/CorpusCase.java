package io.driftless.command.deploy;

import io.driftless.command.support.RawHttp.Transfer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Locale;

/**
 * One case of the bad-input corpus, as {@code corpus/index.json} lists it.
 *
 * @param name what the case sends, also the name of its body file
 * @param method the HTTP method (POST)
 * @param path the request path (the corpus app's deploy)
 * @param query the query string with its {@code ?}, or empty
 * @param contentType the {@code Content-Type} header (default {@code application/yaml}); empty
 *     sends none
 * @param body the body file next to the index; a {@code .gen} file holds a {@link CorpusBodies}
 *     recipe; null sends no body
 * @param status the expected status
 * @param error the expected error code; null for an accepted (2xx) case
 * @param message a text the message or a detail must hold
 * @param forbidden a text the answer must not hold (a Secret value)
 * @param transfer how the body travels: {@code length} (default), {@code headers-first} (only the
 *     headers; the server must answer without the body), {@code chunked}
 */
record CorpusCase(
    String name,
    String method,
    String path,
    String query,
    String contentType,
    String body,
    int status,
    String error,
    String message,
    String forbidden,
    String transfer) {

  static final String APP_PATH = "/api/apps/default/corpus-app/deploy";
  private static final String DIRECTORY = "corpus/";

  CorpusCase {
    method = method == null ? "POST" : method;
    path = path == null ? APP_PATH : path;
    query = query == null ? "" : query;
    contentType = contentType == null ? "application/yaml" : contentType;
  }

  /** The header to send, or null for none. */
  String contentTypeHeader() {
    return contentType.isEmpty() ? null : contentType;
  }

  String target() {
    return path + query;
  }

  Transfer transferMode() {
    return transfer == null
        ? Transfer.LENGTH
        : Transfer.valueOf(
            transfer.replace("headers-first", "headers_only").toUpperCase(Locale.ROOT));
  }

  /** The body's bytes: the file's, or what its recipe builds. */
  byte[] bodyBytes() {
    if (body == null) {
      return new byte[0];
    }
    var bytes = read(body);
    return body.endsWith(".gen")
        ? CorpusBodies.generate(new String(bytes, java.nio.charset.StandardCharsets.UTF_8))
        : bytes;
  }

  static byte[] read(String file) {
    try (InputStream in = CorpusCase.class.getResourceAsStream(DIRECTORY + file)) {
      if (in == null) {
        throw new IllegalStateException("corpus file missing: " + file);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public String toString() {
    return name;
  }
}
