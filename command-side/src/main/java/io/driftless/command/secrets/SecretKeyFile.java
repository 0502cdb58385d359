package io.driftless.command.secrets;

import io.driftless.diff.text.SecretKeys;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The key file of the embedded default: one line {@code <id>:<base64>}. Created with a random key
 * when missing, readable and writable by its owner only (POSIX {@code 600}, set as the file is
 * created, so it is never readable by others, not even for a moment); elsewhere (no POSIX
 * permissions) only the owner is given read and write. An existing file that others may read is
 * used, with a warning.
 */
final class SecretKeyFile {

  private static final Logger log = LoggerFactory.getLogger(SecretKeyFile.class);

  private SecretKeyFile() {}

  /** The key in the file, written first when the file does not exist. */
  static String readOrCreate(Path file) {
    try {
      if (Files.exists(file)) {
        warnIfOpen(file);
        return Files.readString(file, StandardCharsets.US_ASCII).strip();
      }
      String key = SecretKeys.generate();
      create(file, key);
      log.info(
          "Created the Secret key file {} (owner read/write only); keep it with ./data, without"
              + " it sealed Secrets cannot be restored",
          file);
      return key;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read or create the Secret key file " + file, e);
    }
  }

  private static void create(Path file, String key) throws IOException {
    Path dir = file.toAbsolutePath().getParent();
    if (dir != null) {
      Files.createDirectories(dir);
    }
    try {
      if (posix(file)) {
        Files.createFile(
            file,
            PosixFilePermissions.asFileAttribute(
                EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE)));
      } else {
        Files.createFile(file);
        var f = file.toFile();
        f.setReadable(false, false);
        f.setWritable(false, false);
        f.setReadable(true, true);
        f.setWritable(true, true);
      }
    } catch (FileAlreadyExistsException raced) {
      return; // another process made it first: its key counts
    }
    Files.writeString(file, key + "\n", StandardCharsets.US_ASCII);
  }

  private static boolean posix(Path file) {
    Path dir = file.toAbsolutePath().getParent();
    return Files.getFileAttributeView(dir, PosixFileAttributeView.class) != null;
  }

  private static void warnIfOpen(Path file) throws IOException {
    if (Files.getFileAttributeView(file, PosixFileAttributeView.class) == null) {
      return;
    }
    var permissions = Files.getPosixFilePermissions(file);
    permissions.removeAll(
        EnumSet.of(
            PosixFilePermission.OWNER_READ,
            PosixFilePermission.OWNER_WRITE,
            PosixFilePermission.OWNER_EXECUTE));
    if (!permissions.isEmpty()) {
      log.warn(
          "The Secret key file {} is open to others ({}); make it owner-only: chmod 600 {}",
          file,
          PosixFilePermissions.toString(Files.getPosixFilePermissions(file)),
          file);
    }
  }
}
