package io.driftless.standalone;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * One server per data folder: an operating-system lock on {@code <data-dir>/server.lock}, which
 * holds the PID of the server that has it. The lock goes with the process, also on {@code kill -9}
 * (the file stays, with a stale PID that the next server overwrites). H2 locks its own file too,
 * but a second server found that out deep in Flyway's start, as a 200-line stack trace; this lock
 * is taken before anything else starts and names the server that holds the folder.
 *
 * <p>Limits: an advisory lock (other programs may still write the folder), and a server of this JVM
 * that holds it already counts as holding it (H2 shares an open database inside one JVM).
 */
final class DataFolderLock implements AutoCloseable {

  /** The lock file's name inside the data folder. */
  static final String FILE = "server.lock";

  private final FileChannel channel;
  private final FileLock lock;

  private DataFolderLock(FileChannel channel, FileLock lock) {
    this.channel = channel;
    this.lock = lock;
  }

  /**
   * Takes the folder's lock and writes this process's PID into it.
   *
   * @return the lock, or null when this JVM holds it already
   * @throws DataFolderInUseException when another process holds it
   */
  static DataFolderLock acquire(Path folder) {
    var file = folder.toAbsolutePath().normalize().resolve(FILE);
    try {
      DataFolderPermissions.ownFolder(file.getParent());
      var channel = open(file);
      FileLock lock;
      try {
        lock = channel.tryLock();
      } catch (OverlappingFileLockException sameProcess) {
        channel.close();
        return null;
      }
      if (lock == null) {
        var holder = holder(channel);
        channel.close();
        throw new DataFolderInUseException(file.getParent(), holder);
      }
      channel.truncate(0);
      channel.write(
          ByteBuffer.wrap(
              (ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII)),
          0);
      channel.force(false);
      return new DataFolderLock(channel, lock);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot lock the data folder " + file.getParent(), e);
    }
  }

  /** Opens the lock file, created owner-only (an older one is made so). */
  private static FileChannel open(Path file) throws IOException {
    var options =
        Set.of(StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
    if (Files.getFileAttributeView(file.getParent(), PosixFileAttributeView.class) == null) {
      return FileChannel.open(file, options);
    }
    var ownerOnly = PosixFilePermissions.fromString("rw-------");
    var channel = FileChannel.open(file, options, PosixFilePermissions.asFileAttribute(ownerOnly));
    Files.setPosixFilePermissions(file, ownerOnly);
    return channel;
  }

  /** The PID the holder wrote, or an empty string when it has not written it yet. */
  private static String holder(FileChannel channel) throws IOException {
    var buffer = ByteBuffer.allocate(32);
    channel.read(buffer, 0);
    return new String(buffer.array(), 0, buffer.position(), StandardCharsets.US_ASCII).trim();
  }

  /** Releases the lock; the file stays (the next server takes it over). */
  @Override
  public void close() {
    try {
      if (channel.isOpen()) {
        lock.release();
        channel.close();
      }
    } catch (IOException e) {
      // The lock goes with the process anyway.
    }
  }
}
