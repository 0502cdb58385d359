package io.driftless.command;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** The command side on its own: deploy API, aggregates, cluster gateway, event relay. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class CommandSideApplication {

  public static void main(String[] args) {
    SpringApplication.run(CommandSideApplication.class, args);
  }
}
