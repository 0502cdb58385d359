package io.driftless.security;

import org.apache.catalina.core.StandardHost;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.tomcat.TomcatContextCustomizer;
import org.springframework.context.annotation.Bean;

/**
 * The answers no controller of either side gives, in the API's error shape, once for the command
 * side, the query side and the standalone server (which has both and gets one of each): the error
 * page ({@link ApiErrorController}, in place of Boot's, whose auto-configuration backs off for it)
 * and Tomcat's own refusals before any servlet runs ({@link JsonErrorReportValve}, in place of
 * Tomcat's HTML page).
 */
@AutoConfiguration(
    beforeName = "org.springframework.boot.webmvc.autoconfigure.error.ErrorMvcAutoConfiguration")
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
public class ApiErrorsAutoConfiguration {

  @Bean
  ApiErrorController driftlessErrorController() {
    return new ApiErrorController();
  }

  /** Requests Tomcat refuses before any servlet runs: an encoded / in the path, a bad header. */
  @Bean
  TomcatContextCustomizer driftlessJsonErrorReports() {
    return context -> {
      if (context.getParent() instanceof StandardHost host) {
        host.setErrorReportValveClass(JsonErrorReportValve.class.getName());
      }
    };
  }
}
