package io.driftless.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code driftless delete}: deletes every resource of the app, then the app. */
@Command(
    name = "delete",
    sortOptions = false,
    description = "Deletes an app: every resource it owns, in reverse apply order, then the app.")
final class DeleteCommand implements Callable<Integer> {

  @Mixin AppOptions app;

  @Mixin ClientOptions client;

  @Override
  public Integer call() {
    return client.print(client.api().delete(app.ref()));
  }
}
