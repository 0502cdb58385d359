package io.driftless.sandbox;

import io.fabric8.mockwebserver.http.ByteString;
import io.fabric8.mockwebserver.http.Response;
import io.fabric8.mockwebserver.http.WebSocket;
import io.fabric8.mockwebserver.http.WebSocketListener;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;

/**
 * A watch's WebSocket listener whose close runs off the Vert.x event loop. fabric8's watch
 * listener, on close (and on failure), shuts its sending executor down and waits up to a minute for
 * it, on the thread that delivered the close: the sandbox's only event loop. A watch event that
 * executor is sending at that moment waits, up to 30 s, for its write, which only that same event
 * loop can complete. So a client that closed a watch while an event was on its way (a server
 * stopping its watches after a deploy) froze the whole sandbox for those 30 s: every request, and
 * the server's clean stop, waited, and Vert.x logged the blocked thread's stack. Here the close is
 * handed to a thread of its own, and the event loop goes on writing.
 */
final class WatchCloses extends WebSocketListener {

  private static final Executor CLOSES =
      Executors.newCachedThreadPool(
          task -> {
            var thread = new Thread(task, "sandbox-watch-close");
            thread.setDaemon(true);
            return thread;
          });

  private final WebSocketListener watch;

  private WatchCloses(WebSocketListener watch) {
    this.watch = watch;
  }

  /** {@code watch}, its close and failure run on a sandbox thread other than the caller. */
  static WebSocketListener offTheEventLoop(WebSocketListener watch) {
    return new WatchCloses(watch);
  }

  @Override
  public void onBeforeAccept(WebSocket webSocket, Response response) {
    watch.onBeforeAccept(webSocket, response);
  }

  @Override
  public void onOpen(WebSocket webSocket, Response response) {
    watch.onOpen(webSocket, response);
  }

  @Override
  public void onMessage(WebSocket webSocket, String text) {
    watch.onMessage(webSocket, text);
  }

  @Override
  public void onMessage(WebSocket webSocket, ByteString bytes) {
    watch.onMessage(webSocket, bytes);
  }

  @Override
  public void onMessage(WebSocket webSocket, byte[] bytes) {
    watch.onMessage(webSocket, bytes);
  }

  @Override
  public void onClosing(WebSocket webSocket, int code, String reason) {
    watch.onClosing(webSocket, code, reason);
  }

  @Override
  public void onClosed(WebSocket webSocket, int code, String reason) {
    CLOSES.execute(() -> watch.onClosed(webSocket, code, reason));
  }

  @Override
  public void onFailure(WebSocket webSocket, Throwable failure, Response response) {
    CLOSES.execute(() -> watch.onFailure(webSocket, failure, response));
  }
}
