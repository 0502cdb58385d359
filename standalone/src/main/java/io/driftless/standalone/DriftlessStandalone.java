package io.driftless.standalone;

import io.driftless.command.CommandSideApplication;
import io.driftless.query.QuerySideApplication;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.FilterType;

/**
 * Driftless in one JVM: H2 under {@code ./data}, the sandbox cluster, both sides' beans. The two
 * sides' own application classes are left out; their components are scanned directly.
 */
@SpringBootApplication
@ComponentScan(
    basePackages = {"io.driftless.command", "io.driftless.query", "io.driftless.standalone"},
    excludeFilters =
        @ComponentScan.Filter(
            type = FilterType.ASSIGNABLE_TYPE,
            classes = {CommandSideApplication.class, QuerySideApplication.class}))
@ConfigurationPropertiesScan("io.driftless")
public class DriftlessStandalone {

  public static void main(String[] args) {
    SpringApplication.run(DriftlessStandalone.class, args);
  }
}
