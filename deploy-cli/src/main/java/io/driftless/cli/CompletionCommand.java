package io.driftless.cli;

import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code driftless completion}: picocli's bash/zsh completion script for the whole command tree.
 * {@code source <(driftless completion)}; the build also writes it to {@code
 * target/driftless_completion}.
 */
@Command(
    name = "completion",
    description = "Prints the bash/zsh completion script: source <(driftless completion).")
final class CompletionCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    var out = spec.commandLine().getOut();
    out.print(AutoComplete.bash("driftless", spec.root().commandLine()));
    out.flush();
    return ExitCode.OK;
  }
}
