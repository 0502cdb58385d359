package io.driftless.standalone;

import java.nio.file.Path;
import org.springframework.boot.ExitCodeGenerator;

/**
 * Another server holds the data folder ({@link DataFolderLock}): the server stops before it starts
 * anything, with exit code 1 and one line ({@link DataFolderInUseReporter}).
 */
final class DataFolderInUseException extends RuntimeException implements ExitCodeGenerator {

  DataFolderInUseException(Path folder, String pid) {
    super(
        "Driftless cannot start: the data folder "
            + folder
            + " is in use by another Driftless server ("
            + (pid.isEmpty() ? "PID unknown" : "PID " + pid)
            + "). Stop that server, or give this one another folder with --driftless.data-dir.");
  }

  @Override
  public int getExitCode() {
    return 1;
  }
}
