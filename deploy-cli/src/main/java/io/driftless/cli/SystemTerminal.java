package io.driftless.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The process' terminal: {@link System#console()} says whether stdin and stdout are one. */
final class SystemTerminal implements Terminal {

  private final BufferedReader in =
      new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));

  @Override
  public boolean interactive() {
    return System.console() != null;
  }

  @Override
  public String readLine() {
    try {
      return in.readLine();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
