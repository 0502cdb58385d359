package io.driftless.query;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The query side on its own (distributed setup). */
@SpringBootApplication
public class QuerySideApplication {

  public static void main(String[] args) {
    SpringApplication.run(QuerySideApplication.class, args);
  }
}
