package io.driftless.query.subscription;

import io.driftless.query.api.BadParameterException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * Where a webhook may go: an absolute {@code http} or {@code https} URL without user info, whose
 * host resolves to public addresses only, unless the settings allow private targets (RFC 1918,
 * unique-local, link-local, carrier-grade NAT, unspecified) or loopback ones. Checked when the
 * subscription is created; a name that resolves elsewhere later is not checked again (a limit,
 * README "Events out").
 */
final class TargetCheck {

  private final SubscriptionSettings settings;

  TargetCheck(SubscriptionSettings settings) {
    this.settings = settings;
  }

  /**
   * The URL, checked.
   *
   * @throws BadParameterException naming {@code url} when it is not acceptable
   */
  URI check(String url) {
    if (url == null || url.isBlank()) {
      throw bad("missing");
    }
    URI uri;
    try {
      uri = new URI(url);
    } catch (URISyntaxException e) {
      throw bad(url);
    }
    var scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https")
        || uri.getHost() == null
        || uri.getUserInfo() != null
        || url.length() > 2048) {
      throw bad(url);
    }
    InetAddress[] addresses;
    try {
      addresses = InetAddress.getAllByName(uri.getHost());
    } catch (UnknownHostException e) {
      throw new BadParameterException("url", "a URL whose host resolves", url);
    }
    for (var address : addresses) {
      refuseIfPrivate(url, address);
    }
    return uri;
  }

  private void refuseIfPrivate(String url, InetAddress address) {
    if (address.isLoopbackAddress()) {
      if (!settings.allowPrivateTargets() && !settings.allowLoopbackTargets()) {
        throw privateTarget(url, address);
      }
    } else if (isPrivate(address) && !settings.allowPrivateTargets()) {
      throw privateTarget(url, address);
    }
  }

  /** Private, link-local, unique-local, carrier-grade NAT, multicast or unspecified. */
  static boolean isPrivate(InetAddress address) {
    var bytes = address.getAddress();
    var cgnat = bytes.length == 4 && (bytes[0] & 0xff) == 100 && (bytes[1] & 0xc0) == 64;
    var uniqueLocal = address instanceof Inet6Address && (bytes[0] & 0xfe) == 0xfc;
    return address.isSiteLocalAddress()
        || address.isLinkLocalAddress()
        || address.isAnyLocalAddress()
        || address.isMulticastAddress()
        || cgnat
        || uniqueLocal;
  }

  private static BadParameterException privateTarget(String url, InetAddress address) {
    return new BadParameterException(
        "url",
        "a public address (it resolves to "
            + address.getHostAddress()
            + ", a private or loopback one; driftless.subscriptions.allow-private-targets=true"
            + " allows those)",
        url);
  }

  private static BadParameterException bad(String url) {
    return new BadParameterException("url", "an absolute http(s) URL without user info", url);
  }
}
