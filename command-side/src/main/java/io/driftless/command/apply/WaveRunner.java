package io.driftless.command.apply;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Runs work in waves, as kapp applies changes: the items of a wave at once, at most {@code
 * concurrency} at a time (the calling thread is one of them, so 1 runs them one after the other on
 * it), then the wave's settle step on the calling thread (what is done for the wave's items
 * together: the apply waits for the objects the wave wrote), the next wave when the whole wave is
 * done, and no further wave after one with a failure. Each item's end is reported in the waves'
 * order, whatever order they finished in.
 */
final class WaveRunner {

  private final int concurrency;
  private final ExecutorService workers;

  WaveRunner(int concurrency, ExecutorService workers) {
    this.concurrency = concurrency;
    this.workers = workers;
  }

  /**
   * Runs the waves.
   *
   * @param run does one item; returns its failure, or null
   * @param done told of each item run and its failure (or null), in order, on the calling thread
   * @return the first failure in order, or null when every item succeeded
   */
  <T, E> E run(List<List<T>> waves, Function<T, E> run, BiConsumer<T, E> done) {
    return run(waves, run, (wave, failures) -> failures, done);
  }

  /**
   * Runs the waves, each followed by its settle step.
   *
   * @param settle given a wave's items and their failures (null: succeeded) once every item ran,
   *     returns the failures after it, in the same order
   */
  <T, E> E run(
      List<List<T>> waves,
      Function<T, E> run,
      BiFunction<List<T>, List<E>, List<E>> settle,
      BiConsumer<T, E> done) {
    for (var wave : waves) {
      var failures = settle.apply(wave, runWave(wave, run));
      E first = null;
      for (var i = 0; i < wave.size(); i++) {
        done.accept(wave.get(i), failures.get(i));
        first = first == null ? failures.get(i) : first;
      }
      if (first != null) {
        return first;
      }
    }
    return null;
  }

  private <T, E> List<E> runWave(List<T> wave, Function<T, E> run) {
    var failures = new ArrayList<E>(wave.size());
    wave.forEach(item -> failures.add(null));
    var next = new AtomicInteger();
    Runnable worker =
        () -> {
          for (var i = next.getAndIncrement(); i < wave.size(); i = next.getAndIncrement()) {
            var failure = run.apply(wave.get(i));
            synchronized (failures) {
              failures.set(i, failure);
            }
          }
        };
    var helpers = new ArrayList<Future<?>>();
    for (var i = 1; i < Math.min(concurrency, wave.size()); i++) {
      helpers.add(workers.submit(worker));
    }
    worker.run();
    helpers.forEach(WaveRunner::join);
    synchronized (failures) {
      return new ArrayList<>(failures);
    }
  }

  private static void join(Future<?> helper) {
    try {
      helper.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while applying", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException runtime) {
        throw runtime;
      }
      throw new IllegalStateException(e.getCause());
    }
  }
}
