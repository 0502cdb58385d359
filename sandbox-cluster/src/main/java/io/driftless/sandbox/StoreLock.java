package io.driftless.sandbox;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;

/**
 * An operating-system lock on {@code <store>.lock}: two sandboxes saving to one store file would
 * overwrite each other's objects. The lock goes with the process, also on {@code kill -9}.
 */
final class StoreLock implements AutoCloseable {

  private final FileChannel channel;
  private final FileLock lock;

  private StoreLock(FileChannel channel, FileLock lock) {
    this.channel = channel;
    this.lock = lock;
  }

  static StoreLock acquire(Path store) throws IOException {
    var file = store.toAbsolutePath().resolveSibling(store.getFileName() + ".lock");
    var channel = OwnerOnly.channel(file);
    FileLock lock;
    try {
      lock = channel.tryLock();
    } catch (OverlappingFileLockException sameProcess) {
      lock = null;
    }
    if (lock == null) {
      channel.close();
      throw new IllegalStateException(
          "another sandbox cluster keeps its objects in " + store.toAbsolutePath() + " (locked)");
    }
    return new StoreLock(channel, lock);
  }

  @Override
  public void close() throws IOException {
    lock.release();
    channel.close();
  }
}
