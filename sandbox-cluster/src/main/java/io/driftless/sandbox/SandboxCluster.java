package io.driftless.sandbox;

import io.driftless.sandbox.controllers.Controller;
import io.driftless.sandbox.controllers.Controllers;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sandbox cluster: fabric8's mock API server's CRUD dispatcher on a local HTTPS port of its own
 * ({@link HttpsListener}, the certificate kept beside the kubeconfig: {@link TlsIdentity}), with a
 * kubeconfig (the certificate, a bearer token) written for its clients, answering only those that
 * show the token ({@link RequestGate}), behaving like a Kubernetes 1.30 API server where a deploy
 * tool can tell: it defaults, validates (422) and versions what it stores (uid, resourceVersion
 * with 409 on a stale PUT, generation, creationTimestamp, managedFields) and runs simulated
 * controllers that write status ({@link Controller}, switchable). With a store file its objects
 * outlive the process. It serves discovery, strategic merge patches and server-side apply as
 * kubectl uses them (the module README).
 */
public final class SandboxCluster implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(SandboxCluster.class);

  private final HttpsListener server;
  private final StoreLock lock;
  private final String url;
  private final Path kubeconfig;
  private final String token;
  private final String certificate;
  private final Controllers controllers;
  private final SandboxDispatcher dispatcher;

  private SandboxCluster(
      HttpsListener server,
      StoreLock lock,
      String url,
      Access access,
      Controllers controllers,
      SandboxDispatcher dispatcher) {
    this.dispatcher = dispatcher;
    this.server = server;
    this.lock = lock;
    this.url = url;
    this.kubeconfig = access.kubeconfig();
    this.token = access.token();
    this.certificate = access.certificate();
    this.controllers = controllers;
  }

  /** Where clients find the sandbox, the token they must show and the certificate it shows. */
  private record Access(Path kubeconfig, String token, String certificate) {
    Access withCertificate(String pem) {
      return new Access(kubeconfig, token, pem);
    }
  }

  /**
   * Loads the store file (if any), listens on {@code host:port} and writes the kubeconfig (owner
   * only) with the bearer token it asks for: the one of the kubeconfig already there, else a new
   * one. Fails when another sandbox holds the store file or the port is taken.
   */
  public static SandboxCluster start(SandboxSettings settings) {
    StoreLock lock = null;
    try {
      lock = settings.store() == null ? null : StoreLock.acquire(settings.store());
      var controllers = new Controllers(settings.controllers());
      var access =
          new Access(settings.kubeconfig(), Kubeconfig.tokenOf(settings.kubeconfig()), null);
      var dispatcher =
          new SandboxDispatcher(
              settings.store() == null ? null : new ObjectFile(settings.store()),
              new RequestGate(access.token(), hostHeader(settings.host())),
              controllers);
      var restored = dispatcher.restore();
      var sandbox = listen(settings, dispatcher, lock, access, controllers);
      Kubeconfig.write(settings.kubeconfig(), sandbox.url, sandbox.token, sandbox.certificate);
      log.info(
          "Sandbox cluster at {} ({} objects from {}); kubeconfig {}",
          sandbox.url,
          restored,
          settings.store() == null ? "nowhere, in memory" : settings.store().toAbsolutePath(),
          settings.kubeconfig().toAbsolutePath());
      return sandbox;
    } catch (IOException | RuntimeException e) {
      closeQuietly(lock);
      throw e instanceof IOException io ? new UncheckedIOException(io) : (RuntimeException) e;
    }
  }

  private static SandboxCluster listen(
      SandboxSettings settings,
      SandboxDispatcher dispatcher,
      StoreLock lock,
      Access access,
      Controllers controllers)
      throws IOException {
    // TLS, as an API server: kubectl sends a kubeconfig's token only over https (client-go).
    var identity = TlsIdentity.kept(settings.kubeconfig());
    var address = InetAddress.getByName(settings.host());
    HttpsListener server;
    try {
      server = HttpsListener.start(address, settings.port(), identity, dispatcher);
    } catch (RuntimeException e) {
      throw new IllegalStateException(
          "the sandbox cluster cannot listen on " + settings.host() + ":" + settings.port(), e);
    }
    var host = address.isAnyLocalAddress() ? "127.0.0.1" : address.getHostAddress();
    var url = "https://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + server.port();
    return new SandboxCluster(
        server, lock, url, access.withCertificate(identity.certificate()), controllers, dispatcher);
  }

  /** The listen address as a client's Host header names it ({@code [::1]} for IPv6). */
  private static String hostHeader(String host) {
    return host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
  }

  /** The API server's base URL, e.g. {@code http://127.0.0.1:6443}. */
  public String url() {
    return url;
  }

  /** Where the kubeconfig was written. */
  public Path kubeconfig() {
    return kubeconfig;
  }

  /**
   * The bearer token every request must carry ({@code Authorization: Bearer <token>}), as the
   * kubeconfig holds it; without it the sandbox answers 401.
   */
  public String token() {
    return token;
  }

  /**
   * The certificate the sandbox serves, PEM: self-signed for {@code localhost} and {@code
   * 127.0.0.1}, kept across restarts ({@link TlsIdentity}), and in the kubeconfig as the cluster's
   * {@code certificate-authority-data}.
   */
  public String certificate() {
    return certificate;
  }

  /** A TLS context trusting this sandbox's certificate only, for clients that are not fabric8. */
  public SSLContext sslContext() {
    return sslContextTrusting(certificate);
  }

  /**
   * A TLS context trusting only the certificate {@code pem} (a sandbox's, e.g. decoded from a
   * kubeconfig's {@code certificate-authority-data}).
   */
  public static SSLContext sslContextTrusting(String pem) {
    try {
      var certificate =
          CertificateFactory.getInstance("X.509")
              .generateCertificate(
                  new ByteArrayInputStream(pem.getBytes(StandardCharsets.US_ASCII)));
      var trusted = KeyStore.getInstance(KeyStore.getDefaultType());
      trusted.load(null, null);
      trusted.setCertificateEntry("driftless-sandbox", certificate);
      var trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      trust.init(trusted);
      var context = SSLContext.getInstance("TLS");
      context.init(null, trust.getTrustManagers(), null);
      return context;
    } catch (GeneralSecurityException | IOException e) {
      throw new IllegalStateException("cannot trust the sandbox's certificate", e);
    }
  }

  /**
   * The write requests (POST, PUT, PATCH, DELETE) clients sent since the start, by field manager:
   * the {@code fieldManager} parameter, else the User-Agent's product ({@code
   * fabric8-kubernetes-client}, {@code kubectl}). The simulated controllers' writes are not
   * counted.
   */
  public Map<String, Long> writeRequests() {
    return dispatcher.writeRequests();
  }

  /**
   * Every request clients sent since the start, reads and watches included, whatever the answer: a
   * test sees that a refused deploy sent nothing to the cluster. Controllers' writes are not
   * requests.
   */
  public long requests() {
    return dispatcher.requests();
  }

  /**
   * The requests the token let pass since the start, by verb as the API server's audit log names
   * them: {@code get} (one object), {@code list}, {@code watch}, {@code create}, {@code update},
   * {@code patch}, {@code delete}, {@code deletecollection}, {@code discovery}. For a benchmark.
   */
  public Map<String, Long> requestsByVerb() {
    return dispatcher.requestCounts().byVerb();
  }

  /**
   * Starts or stops counting requests by method and path (with the query; off at the start, and
   * forgotten when turned off, so that a long-running sandbox keeps no growing map).
   */
  public void recordRequestPaths(boolean on) {
    dispatcher.requestCounts().recordPaths(on);
  }

  /** The requests counted by method and path since {@link #recordRequestPaths} turned it on. */
  public Map<String, Long> requestsByPath() {
    return dispatcher.requestCounts().byPath();
  }

  /** The ids of the threads that answered a request so far: a benchmark leaves their CPU out. */
  public Set<Long> requestThreads() {
    return dispatcher.requestCounts().threads();
  }

  /** Starts running {@code controller} from the next write on. */
  public void enable(Controller controller) {
    controllers.enable(controller);
  }

  /** Stops running {@code controller} from the next write on. */
  public void disable(Controller controller) {
    controllers.disable(controller);
  }

  /** Whether {@code controller} runs. */
  public boolean runs(Controller controller) {
    return controllers.enabled(controller);
  }

  /**
   * Makes the autoscaler scale HPA targets to {@code replicas} rather than to minReplicas, from the
   * next write on (metrics a test chose); empty goes back to minReplicas.
   */
  public void autoscaleTo(OptionalInt replicas) {
    controllers.autoscaleTo(replicas);
  }

  /** What a store file holds: its resourceVersion counter and its objects, path to JSON. */
  public record StoreContents(long resourceVersion, Map<String, String> objects) {}

  /**
   * What the store file {@code store} holds, snapshot and journal replayed: for tools and tests
   * that read a sandbox's store beside it. Read while the sandbox compacts, it may miss the writes
   * being compacted.
   */
  public static StoreContents read(Path store) throws IOException {
    var snapshot = new ObjectFile(store).load();
    var objects = new java.util.LinkedHashMap<String, String>();
    snapshot.objects().forEach(object -> objects.put(object.path(), object.json()));
    return new StoreContents(snapshot.resourceVersion(), objects);
  }

  @Override
  public void close() {
    try {
      server.close();
      dispatcher.stop();
    } finally {
      closeQuietly(lock);
    }
  }

  private static void closeQuietly(StoreLock lock) {
    if (lock == null) {
      return;
    }
    try {
      lock.close();
    } catch (IOException e) {
      log.warn("Cannot release the sandbox's store lock", e);
    }
  }
}
