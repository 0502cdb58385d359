package io.driftless.standalone;

import java.io.IOException;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.boot.context.event.ApplicationFailedEvent;
import org.springframework.boot.context.event.ApplicationPreparedEvent;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.event.SmartApplicationListener;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;

/**
 * Takes the data folder's {@link DataFolderLock} as soon as the settings are known (before the
 * banner, the log's first line, H2 or the sandbox), when the server keeps its H2 database in that
 * folder ({@code spring.datasource.url} an H2 file URL under {@code driftless.data-dir}). The lock
 * is handed to the context as its first disposable bean, so it is released last on close, after the
 * DataSource (and with it H2) is closed; a start that fails before the context exists releases it
 * at once. Registered in {@code META-INF/spring.factories}: it must run before any bean exists.
 *
 * <p>It also keeps the folder its owner's only ({@link DataFolderPermissions}): made {@code 700}
 * with the lock, before anything else writes there, and its files (H2's among them) {@code 600}
 * once the server is ready.
 */
public final class DataFolderGuard implements SmartApplicationListener {

  private static final Logger log = LoggerFactory.getLogger(DataFolderGuard.class);

  private DataFolderLock lock;
  private Path folder;

  @Override
  public boolean supportsEventType(Class<? extends ApplicationEvent> type) {
    return ApplicationEnvironmentPreparedEvent.class.isAssignableFrom(type)
        || ApplicationPreparedEvent.class.isAssignableFrom(type)
        || ApplicationReadyEvent.class.isAssignableFrom(type)
        || ApplicationFailedEvent.class.isAssignableFrom(type);
  }

  @Override
  public int getOrder() {
    // after the configuration files are read (EnvironmentPostProcessorApplicationListener)
    return Ordered.HIGHEST_PRECEDENCE + 30;
  }

  @Override
  public void onApplicationEvent(ApplicationEvent event) {
    if (event instanceof ApplicationEnvironmentPreparedEvent prepared) {
      var dataDir = h2DataFolder(prepared.getEnvironment());
      if (dataDir != null) {
        lock = DataFolderLock.acquire(dataDir);
      }
    } else if (event instanceof ApplicationPreparedEvent prepared) {
      // Settings added by initializers (tests' dynamic properties) are known only now.
      folder = h2DataFolder(prepared.getApplicationContext().getEnvironment());
      if (folder != null) {
        DataFolderPermissions.ownFolder(folder);
      }
      registerLock(prepared);
    } else if (event instanceof ApplicationReadyEvent && folder != null) {
      restrictFiles();
    } else if (event instanceof ApplicationFailedEvent && lock != null) {
      lock.close();
      lock = null;
    }
  }

  /** The data folder, when the server keeps its H2 database there; else null. */
  private static Path h2DataFolder(Environment environment) {
    var dataDir = environment.getProperty("driftless.data-dir");
    var url = environment.getProperty("spring.datasource.url", "");
    if (dataDir != null
        && !dataDir.isBlank()
        && (url.startsWith("jdbc:h2:file:" + dataDir)
            || url.startsWith("jdbc:h2:async:" + dataDir))) {
      return Path.of(dataDir);
    }
    return null;
  }

  private void registerLock(ApplicationPreparedEvent prepared) {
    if (lock != null) {
      var held = lock;
      lock = null;
      if (prepared.getApplicationContext().getBeanFactory()
          instanceof DefaultListableBeanFactory beans) {
        beans.registerDisposableBean("driftlessDataFolderLock", held::close);
      } else {
        Runtime.getRuntime().addShutdownHook(new Thread(held::close, "data-folder-unlock"));
      }
    }
  }

  /** H2 made its files with the process's umask: owner-only now (the folder was already). */
  private void restrictFiles() {
    try {
      var changed = DataFolderPermissions.restrictFiles(folder);
      if (!changed.isEmpty()) {
        log.info("Made owner-only (600) in the data folder: {}", changed);
      }
    } catch (IOException e) {
      log.warn("Cannot make the files of the data folder {} owner-only", folder, e);
    }
  }
}
