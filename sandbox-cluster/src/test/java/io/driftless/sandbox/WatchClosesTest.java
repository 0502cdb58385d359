package io.driftless.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.mockwebserver.http.Response;
import io.fabric8.mockwebserver.http.WebSocket;
import io.fabric8.mockwebserver.http.WebSocketListener;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A watch's close and failure leave the thread that delivered them (the sandbox's event loop) at
 * once, and still reach fabric8's listener; everything else reaches it on the caller's thread, in
 * order.
 */
class WatchClosesTest {

  /** A listener that records what reached it and blocks on close, as fabric8's can. */
  private static final class Recording extends WebSocketListener {
    final List<String> calls = new ArrayList<>();
    final CountDownLatch release = new CountDownLatch(1);
    final CountDownLatch closed = new CountDownLatch(1);
    volatile Thread closedOn;

    @Override
    public void onOpen(WebSocket webSocket, Response response) {
      calls.add("open on " + Thread.currentThread().getName());
    }

    @Override
    public void onMessage(WebSocket webSocket, String text) {
      calls.add("message " + text + " on " + Thread.currentThread().getName());
    }

    @Override
    public void onClosing(WebSocket webSocket, int code, String reason) {
      calls.add("closing " + code + " on " + Thread.currentThread().getName());
    }

    @Override
    public void onClosed(WebSocket webSocket, int code, String reason) {
      awaitRelease();
    }

    @Override
    public void onFailure(WebSocket webSocket, Throwable failure, Response response) {
      awaitRelease();
    }

    private void awaitRelease() {
      closedOn = Thread.currentThread();
      try {
        release.await(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      closed.countDown();
    }
  }

  @Test
  void aCloseThatBlocksDoesNotHoldTheCallersThread() throws Exception {
    var fabric8 = new Recording();
    var listener = WatchCloses.offTheEventLoop(fabric8);

    var started = System.nanoTime();
    listener.onClosed(null, 1000, "client closed the watch");
    var took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);

    assertThat(took).as("ms the caller waited for a close that blocks").isLessThan(5_000);
    fabric8.release.countDown();
    assertThat(fabric8.closed.await(10, TimeUnit.SECONDS)).as("the close reached fabric8").isTrue();
    assertThat(fabric8.closedOn).isNotSameAs(Thread.currentThread());
    assertThat(fabric8.closedOn.isDaemon())
        .as("a daemon thread: never holds a JVM's exit")
        .isTrue();
  }

  @Test
  void aFailureThatBlocksDoesNotHoldTheCallersThreadEither() throws Exception {
    var fabric8 = new Recording();
    var listener = WatchCloses.offTheEventLoop(fabric8);

    listener.onFailure(null, new IllegalStateException("reset"), null);

    assertThat(fabric8.closed.getCount()).as("still blocked in fabric8's listener").isEqualTo(1);
    fabric8.release.countDown();
    assertThat(fabric8.closed.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(fabric8.closedOn).isNotSameAs(Thread.currentThread());
  }

  @Test
  void openMessagesAndClosingReachTheListenerOnTheCallersThreadInOrder() {
    var fabric8 = new Recording();
    var listener = WatchCloses.offTheEventLoop(fabric8);
    var caller = Thread.currentThread().getName();

    listener.onOpen(null, null);
    listener.onMessage(null, "a");
    listener.onMessage(null, "b");
    listener.onClosing(null, 1000, "bye");

    assertThat(fabric8.calls)
        .containsExactly(
            "open on " + caller,
            "message a on " + caller,
            "message b on " + caller,
            "closing 1000 on " + caller);
  }
}
