package io.driftless.command.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.command.support.Api;
import io.driftless.command.support.TestCluster;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Slow clients cannot tie up the server: with Tomcat held to 4 request threads, 40 clients sending
 * a deploy body a byte a second (and 10 sending their headers so) do not keep a normal deploy from
 * answering at once, and each slow body is cut off by {@code driftless.deploy.request-timeout} with
 * 408 in the error shape. A blocking body read would park all 4 threads until the slow bodies were
 * done.
 */
@SpringBootTest(
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {"server.tomcat.threads.max=4", "driftless.deploy.request-timeout=6s"})
class SlowClientIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int SLOW_BODIES = 40;
  private static final int SLOW_HEADERS = 10;

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    var data = Path.of("target", "slow-" + UUID.randomUUID()).toAbsolutePath();
    registry.add("driftless.data-dir", data::toString);
    var kubeconfig = TestCluster.kubeconfig();
    registry.add("driftless.cluster.kubeconfig", () -> kubeconfig);
  }

  @LocalServerPort int port;

  private final List<Socket> sockets = new ArrayList<>();
  private final ScheduledExecutorService trickle = Executors.newSingleThreadScheduledExecutor();

  @AfterEach
  void closeSockets() throws IOException {
    trickle.shutdownNow();
    for (var socket : sockets) {
      socket.close();
    }
  }

  private static final String BODY =
      "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: slow\ndata:\n  a: b\n";

  /** Opens a connection that sends {@code head} and then {@code rest} a byte a second. */
  private Socket slow(String head, String rest) throws IOException {
    var socket = new Socket("127.0.0.1", port);
    sockets.add(socket);
    OutputStream out = socket.getOutputStream();
    out.write(head.getBytes(StandardCharsets.US_ASCII));
    out.flush();
    var bytes = rest.getBytes(StandardCharsets.US_ASCII);
    var next = new int[1];
    trickle.scheduleAtFixedRate(
        () -> {
          if (next[0] < bytes.length && !socket.isClosed()) {
            try {
              out.write(bytes[next[0]++]);
              out.flush();
            } catch (IOException closed) {
              next[0] = bytes.length;
            }
          }
        },
        0,
        1,
        TimeUnit.SECONDS);
    return socket;
  }

  private static String deployHead(String app, int length) {
    return "POST /api/apps/default/"
        + app
        + "/deploy HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/yaml\r\n"
        + "Content-Length: "
        + length
        + "\r\n\r\n";
  }

  @Test
  void slowClientsHoldNoThreadAndAreCutOffByTheRequestTimeout() throws Exception {
    var api = new Api(port);
    assertThat(api.deployYaml("warm-app", BODY.replace("slow", "warm")).statusCode())
        .isEqualTo(200);
    var slowBodies = new ArrayList<Socket>();
    for (int i = 0; i < SLOW_BODIES; i++) {
      slowBodies.add(slow(deployHead("slow-" + i, BODY.length()), BODY));
    }
    for (int i = 0; i < SLOW_HEADERS; i++) {
      slow("", deployHead("slow-head-" + i, BODY.length()) + BODY);
    }

    long start = System.nanoTime();
    var normal = api.deployYaml("quick-app", BODY.replace("slow", "quick"));
    var elapsed = Duration.ofNanos(System.nanoTime() - start);

    assertThat(normal.statusCode()).as(normal.body()).isEqualTo(200);
    assertThat(elapsed).isLessThan(Duration.ofSeconds(3));
    var cutOff = answer(slowBodies.get(0).getInputStream());
    assertThat(cutOff).startsWith("HTTP/1.1 408");
    var error = JSON.readTree(cutOff.substring(cutOff.indexOf('{'), cutOff.lastIndexOf('}') + 1));
    assertThat(error.get("error").asText()).isEqualTo("request_timeout");
    assertThat(error.get("message").asText()).contains("within 6 s");
  }

  /** Reads an answer until the server closes the connection or sends its JSON body. */
  private static String answer(InputStream in) throws IOException {
    var text = new StringBuilder();
    var buffer = new byte[4096];
    for (int n; (n = in.read(buffer)) > 0; ) {
      text.append(new String(buffer, 0, n, StandardCharsets.UTF_8));
      if (text.indexOf("}") > 0 && text.toString().trim().endsWith("}")) {
        break;
      }
    }
    return text.toString();
  }
}
