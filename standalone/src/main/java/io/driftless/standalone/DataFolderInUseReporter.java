package io.driftless.standalone;

import org.springframework.boot.SpringBootExceptionReporter;

/**
 * Reports a {@link DataFolderInUseException} as its one sentence on standard error, instead of
 * Spring Boot's "Application run failed" with the stack trace (registered in {@code
 * META-INF/spring.factories}); any other failure is left to Spring Boot's reporters.
 */
public final class DataFolderInUseReporter implements SpringBootExceptionReporter {

  @Override
  public boolean reportException(Throwable failure) {
    for (var cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof DataFolderInUseException inUse) {
        System.err.println(inUse.getMessage());
        System.err.flush();
        return true;
      }
    }
    return false;
  }
}
