package io.driftless.security;

import java.util.Set;
import org.apache.juli.logging.Log;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tomcat's log, straight to SLF4J, with the request bytes Tomcat quotes taken out (issue 32 point
 * 1). Tomcat's {@code LogFactory} takes the first {@link Log} that {@code ServiceLoader} finds
 * ({@code META-INF/services/org.apache.juli.logging.Log} of this module) and makes one per logger
 * name; without it Tomcat logs through {@code java.util.logging}, which Boot bridges to the same
 * SLF4J loggers, so names and levels are the same either way.
 *
 * <p>Why: when Tomcat's parser refuses a header line, {@code Http11Processor} logs "Error parsing
 * HTTP request header" (the first after a start at INFO, later ones at DEBUG) with an exception
 * that quotes the whole line, and an {@code Authorization} line with a stray CR or control
 * character (a token read by a script with its line ending) put a valid token in the log. For the
 * loggers of the request path ({@code org.apache.coyote}, {@code org.apache.tomcat.util.http},
 * {@code org.apache.tomcat.util.net}, {@code org.apache.catalina.connector}) every message and
 * every exception message in the chain goes through {@link RequestDataRedaction} at every level;
 * the stack traces stay. Other Tomcat loggers (start, stop, the servlet container) pass unchanged.
 */
public final class RedactingTomcatLog implements Log {

  private static final Set<String> REQUEST_PATH =
      Set.of(
          "org.apache.coyote.",
          "org.apache.tomcat.util.http.",
          "org.apache.tomcat.util.net.",
          "org.apache.catalina.connector.");

  private final Logger log;
  private final boolean redacts;

  /** For {@code ServiceLoader}, which instantiates the service only to find its class. */
  public RedactingTomcatLog() {
    this("org.apache.juli");
  }

  /** The constructor Tomcat's {@code LogFactory} calls, once per logger name. */
  public RedactingTomcatLog(String name) {
    this.log = LoggerFactory.getLogger(name);
    this.redacts = REQUEST_PATH.stream().anyMatch(name::startsWith);
  }

  private String text(Object message) {
    var text = String.valueOf(message);
    return redacts ? RequestDataRedaction.redact(text) : text;
  }

  private Throwable thrown(Throwable t) {
    return redacts ? RedactedThrowable.of(t) : t;
  }

  @Override
  public boolean isDebugEnabled() {
    return log.isDebugEnabled();
  }

  @Override
  public boolean isErrorEnabled() {
    return log.isErrorEnabled();
  }

  @Override
  public boolean isFatalEnabled() {
    return log.isErrorEnabled();
  }

  @Override
  public boolean isInfoEnabled() {
    return log.isInfoEnabled();
  }

  @Override
  public boolean isTraceEnabled() {
    return log.isTraceEnabled();
  }

  @Override
  public boolean isWarnEnabled() {
    return log.isWarnEnabled();
  }

  @Override
  public void trace(Object message) {
    if (log.isTraceEnabled()) {
      log.trace(text(message));
    }
  }

  @Override
  public void trace(Object message, Throwable t) {
    if (log.isTraceEnabled()) {
      log.trace(text(message), thrown(t));
    }
  }

  @Override
  public void debug(Object message) {
    if (log.isDebugEnabled()) {
      log.debug(text(message));
    }
  }

  @Override
  public void debug(Object message, Throwable t) {
    if (log.isDebugEnabled()) {
      log.debug(text(message), thrown(t));
    }
  }

  @Override
  public void info(Object message) {
    if (log.isInfoEnabled()) {
      log.info(text(message));
    }
  }

  @Override
  public void info(Object message, Throwable t) {
    if (log.isInfoEnabled()) {
      log.info(text(message), thrown(t));
    }
  }

  @Override
  public void warn(Object message) {
    if (log.isWarnEnabled()) {
      log.warn(text(message));
    }
  }

  @Override
  public void warn(Object message, Throwable t) {
    if (log.isWarnEnabled()) {
      log.warn(text(message), thrown(t));
    }
  }

  @Override
  public void error(Object message) {
    if (log.isErrorEnabled()) {
      log.error(text(message));
    }
  }

  @Override
  public void error(Object message, Throwable t) {
    if (log.isErrorEnabled()) {
      log.error(text(message), thrown(t));
    }
  }

  @Override
  public void fatal(Object message) {
    error(message);
  }

  @Override
  public void fatal(Object message, Throwable t) {
    error(message, t);
  }
}
