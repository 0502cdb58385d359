package io.driftless.sandbox;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Files the sandbox writes are its owner's only: the store holds Secrets (base64, as etcd does) and
 * the kubeconfig its token. Java cannot set the process's umask, so each file is created with its
 * permissions ({@code 600}, folders {@code 700}) rather than given them afterwards, and a file is
 * never readable by others, not even for a moment. Where the file system has no POSIX permissions
 * files are created as usual.
 */
final class OwnerOnly {

  private static final FileAttribute<?>[] FILE =
      new FileAttribute<?>[] {
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))
      };
  private static final FileAttribute<?>[] FOLDER =
      new FileAttribute<?>[] {
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"))
      };

  private OwnerOnly() {}

  /**
   * Creates the folder of {@code file} and its missing parents, owner-only; an existing folder is
   * left as it is (it may be anyone's, {@code target/} or {@code /tmp}).
   */
  static void folderOf(Path file) throws IOException {
    var folder = file.toAbsolutePath().getParent();
    if (!Files.isDirectory(folder)) {
      Files.createDirectories(folder, posix(folder.getRoot()) ? FOLDER : new FileAttribute<?>[0]);
    }
  }

  /** A new stream on {@code file}, created owner-only (an older file of that name is replaced). */
  static OutputStream newFile(Path file) throws IOException {
    folderOf(file);
    Files.deleteIfExists(file);
    return Files.newOutputStream(Files.createFile(file, attributes(file)));
  }

  /** Writes {@code content} to a new owner-only temporary file and renames it over {@code file}. */
  static void writeAtomically(Path file, byte[] content) throws IOException {
    var target = file.toAbsolutePath();
    var temp = target.resolveSibling(target.getFileName() + ".tmp");
    try (var out = newFile(temp)) {
      out.write(content);
    }
    Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }

  /** Opens {@code file} for writing, created owner-only when missing, made so when it exists. */
  static FileChannel channel(Path file) throws IOException {
    folderOf(file);
    if (!Files.exists(file)) {
      try {
        Files.createFile(file, attributes(file));
      } catch (java.nio.file.FileAlreadyExistsException raced) {
        // another process made it first
      }
    }
    restrict(file);
    return FileChannel.open(file, StandardOpenOption.WRITE);
  }

  /** Takes group and others' permissions off an existing file of ours. */
  static void restrict(Path file) throws IOException {
    if (posix(file)) {
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    }
  }

  private static FileAttribute<?>[] attributes(Path file) {
    return posix(file.toAbsolutePath().getParent()) ? FILE : new FileAttribute<?>[0];
  }

  private static boolean posix(Path path) {
    return Files.getFileAttributeView(path, PosixFileAttributeView.class) != null;
  }
}
