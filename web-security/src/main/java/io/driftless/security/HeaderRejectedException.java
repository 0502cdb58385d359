package io.driftless.security;

import org.springframework.security.web.firewall.RequestRejectedException;

/**
 * A header the firewall refused, by name only: Spring Security's own message quotes the value,
 * which may be a token, so it is dropped here and never logged or answered. {@code name} is null
 * when the header's name itself was refused.
 */
final class HeaderRejectedException extends RequestRejectedException {

  private final String name;

  HeaderRejectedException(String name) {
    super(name == null ? "a header name was refused" : "the " + name + " header was refused");
    this.name = name;
  }

  String name() {
    return name;
  }
}
