package io.driftless.cli;

/**
 * The user's terminal, if any: whether a person can answer a prompt, and the answer. An interface
 * so that tests give answers without a terminal; {@link SystemTerminal} is the real one.
 */
public interface Terminal {

  /** True when standard input and output are a terminal (kapp asks only then). */
  boolean interactive();

  /** Reads one line after printing nothing more; null at end of input. */
  String readLine();

  /** No terminal: no prompt, no colours in {@code --color auto}. */
  Terminal NONE =
      new Terminal() {
        @Override
        public boolean interactive() {
          return false;
        }

        @Override
        public String readLine() {
          return null;
        }
      };
}
