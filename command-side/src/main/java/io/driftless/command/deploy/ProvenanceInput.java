package io.driftless.command.deploy;

import io.driftless.events.Provenance;
import jakarta.servlet.http.HttpServletRequest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * Reads who and what asks for a change (docs/API.md, "Provenance"): the actor (the authenticated
 * token's name, {@code jwt:<subject>} for an identity provider's token, {@value
 * Provenance#ANONYMOUS} on the open default), the client ({@code User-Agent}), the message ({@code
 * ?message=} or header {@value #MESSAGE_HEADER}) and the meta pairs (headers {@value
 * #META_PREFIX}{@code <key>} and repeated {@code ?meta=<key>=<value>}). Every problem is added to
 * the request's {@link QueryParameters}, so one {@code 400 bad_parameter} names them all with the
 * other parameters' problems, before anything is planned or stored.
 */
final class ProvenanceInput {

  static final String MESSAGE_HEADER = "Driftless-Message";
  static final String META_PREFIX = "Driftless-Meta-";
  static final int MAX_META_KEYS = 32;
  static final int MAX_META_VALUE = 512;
  static final Pattern META_KEY = Pattern.compile("[a-z0-9]([a-z0-9._-]{0,61}[a-z0-9])?");

  /** The query parameters provenance takes, for endpoints that refuse unknown ones. */
  static final List<String> NAMES = List.of("message", "meta");

  private ProvenanceInput() {}

  /**
   * The caller as its request names it.
   *
   * @param actor the authenticated name, {@value Provenance#ANONYMOUS} without one
   * @param client the {@code User-Agent}, null for none
   * @param messages the values of the {@value #MESSAGE_HEADER} headers
   * @param meta the {@value #META_PREFIX} headers: each header's name and value, in order
   */
  record Caller(
      String actor, String client, List<String> messages, List<Map.Entry<String, String>> meta) {

    /** A caller without name, client or provenance headers. */
    static final Caller NONE = new Caller(Provenance.ANONYMOUS, null, List.of(), List.of());

    /** The request attribute of the actor a dispatch without authentication takes over. */
    private static final String ACTOR = ProvenanceInput.class.getName() + ".actor";

    static Caller of(HttpServletRequest http) {
      var actor = authenticated(http);
      if (actor == null) {
        actor = http.getAttribute(ACTOR) instanceof String kept ? kept : Provenance.ANONYMOUS;
      }
      var meta = new ArrayList<Map.Entry<String, String>>();
      for (var name : Collections.list(http.getHeaderNames())) {
        if (name.regionMatches(true, 0, META_PREFIX, 0, META_PREFIX.length())) {
          Collections.list(http.getHeaders(name)).forEach(v -> meta.add(Map.entry(name, v)));
        }
      }
      return new Caller(
          actor,
          http.getHeader("User-Agent"),
          Collections.list(http.getHeaders(MESSAGE_HEADER)),
          meta);
    }

    /**
     * Keeps the authenticated name for a later dispatch of the same request ({@code
     * DeployBodyFilter}'s dispatch with the body, which the security filters let through without
     * authenticating it again).
     */
    static void keepActor(HttpServletRequest http) {
      var actor = authenticated(http);
      if (actor != null) {
        http.setAttribute(ACTOR, actor);
      }
    }

    private static String authenticated(HttpServletRequest http) {
      var principal = http.getUserPrincipal();
      return principal == null ? null : principal.getName();
    }
  }

  /**
   * The provenance of a command without other parameters (reconcile, delete, lock, unlock).
   *
   * @throws BadParameterException naming every message or meta value that is not accepted
   */
  static Provenance of(HttpServletRequest http) {
    var query = QueryParameters.of(http.getQueryString());
    var provenance = read(query, Caller.of(http));
    query.throwIfProblems();
    return provenance;
  }

  /** Reads the provenance; its problems are added to {@code query} (the caller throws). */
  static Provenance read(QueryParameters query, Caller caller) {
    return new Provenance(
        caller.actor(), caller.client(), message(query, caller), meta(query, caller));
  }

  private static String message(QueryParameters query, Caller caller) {
    var fromQuery = query.text("message");
    if (caller.messages().size() > 1) {
      query.headerProblem(
          MESSAGE_HEADER, "given " + caller.messages().size() + " times; give it once");
      return null;
    }
    if (fromQuery.isPresent() && !caller.messages().isEmpty()) {
      query.problem("message", "given both as ?message= and as header " + MESSAGE_HEADER);
      return null;
    }
    var inHeader = !caller.messages().isEmpty();
    var message = inHeader ? caller.messages().get(0) : fromQuery.orElse(null);
    if (message != null && message.length() > Provenance.MAX_MESSAGE) {
      var problem = "at most " + Provenance.MAX_MESSAGE + " characters, not " + message.length();
      if (inHeader) {
        query.headerProblem(MESSAGE_HEADER, problem);
      } else {
        query.problem("message", problem);
      }
      return null;
    }
    return message == null || message.isBlank() ? null : message;
  }

  private static Map<String, String> meta(QueryParameters query, Caller caller) {
    var meta = new TreeMap<String, String>();
    for (var header : caller.meta()) {
      var key = header.getKey().substring(META_PREFIX.length()).toLowerCase(Locale.ROOT);
      add(meta, key, header.getValue(), p -> query.headerProblem(header.getKey(), p));
    }
    for (var pair : query.all("meta")) {
      int eq = pair.indexOf('=');
      if (eq < 0) {
        query.problem("meta", "must be <key>=<value>, got " + QueryParameters.echo(pair));
        continue;
      }
      add(meta, pair.substring(0, eq), pair.substring(eq + 1), p -> query.problem("meta", p));
    }
    if (meta.size() > MAX_META_KEYS) {
      query.problem("meta", "at most " + MAX_META_KEYS + " keys, not " + meta.size());
    }
    return meta;
  }

  private static void add(
      Map<String, String> meta, String key, String value, Consumer<String> problem) {
    if (!META_KEY.matcher(key).matches()) {
      problem.accept(
          "key "
              + QueryParameters.echo(key)
              + " must be lower-case letters, digits, '.', '_' or '-' (at most 63, starting and"
              + " ending with a letter or digit)");
    } else if (value.length() > MAX_META_VALUE) {
      problem.accept(
          "the value of "
              + key
              + " has "
              + value.length()
              + " characters; at most "
              + MAX_META_VALUE);
    } else if (meta.putIfAbsent(key, value) != null) {
      problem.accept("key " + key + " is given more than once");
    }
  }
}
