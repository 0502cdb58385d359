package io.driftless.standalone;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The data folder and its files are the server's owner's only: it holds the event store (H2), the
 * Secret key, the sandbox's objects (Secrets base64, as etcd keeps them) and its kubeconfig with
 * the sandbox's token. Java cannot set the process's umask, and H2 creates its files with the
 * default ({@code 644} under the usual umask 022); so the folder is made {@code 700} before
 * anything is written in it (nobody else can then open what it holds, whatever the files' modes),
 * the files this server creates are made {@code 600} as they are created, and H2's are made so once
 * the server has started ({@link #restrictFiles}). Where the file system has no POSIX permissions
 * nothing is changed.
 */
final class DataFolderPermissions {

  private static final Logger log = LoggerFactory.getLogger(DataFolderPermissions.class);

  private static final Set<PosixFilePermission> OWNER_FOLDER =
      PosixFilePermissions.fromString("rwx------");
  private static final Set<PosixFilePermission> OTHERS =
      EnumSet.complementOf(
          EnumSet.of(
              PosixFilePermission.OWNER_READ,
              PosixFilePermission.OWNER_WRITE,
              PosixFilePermission.OWNER_EXECUTE));

  private DataFolderPermissions() {}

  /**
   * Creates {@code folder} (and missing parents) owner-only, or takes group and others' permissions
   * off it when it exists (an older server made it {@code 755}).
   */
  static void ownFolder(Path path) {
    var folder = path.toAbsolutePath();
    try {
      if (!posix(folder.getRoot())) {
        Files.createDirectories(folder);
      } else if (!Files.isDirectory(folder)) {
        Files.createDirectories(folder, PosixFilePermissions.asFileAttribute(OWNER_FOLDER));
      } else if (!Files.getPosixFilePermissions(folder).equals(OWNER_FOLDER)) {
        restrict(folder);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot make the data folder " + folder + " owner-only", e);
    }
  }

  private static void restrict(Path folder) {
    try {
      Files.setPosixFilePermissions(folder, OWNER_FOLDER);
      log.info("Made the data folder {} owner-only (700)", folder);
    } catch (IOException e) {
      // someone else's folder: the server still starts, its own files stay owner-only
      log.warn("Cannot make the data folder {} owner-only (700): {}", folder, e.toString());
    }
  }

  /**
   * Takes group and others' permissions off every file in {@code folder} (not below it) and answers
   * the files it changed.
   */
  static List<Path> restrictFiles(Path folder) throws IOException {
    var changed = new ArrayList<Path>();
    if (!posix(folder)) {
      return changed;
    }
    try (Stream<Path> files = Files.list(folder)) {
      for (var file : files.filter(Files::isRegularFile).toList()) {
        var permissions = Files.getPosixFilePermissions(file);
        if (permissions.removeAll(OTHERS)) {
          Files.setPosixFilePermissions(file, permissions);
          changed.add(file);
        }
      }
    }
    return changed;
  }

  private static boolean posix(Path path) {
    return path != null && Files.getFileAttributeView(path, PosixFileAttributeView.class) != null;
  }
}
