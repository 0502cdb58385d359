package io.driftless.standalone;

import java.nio.file.Path;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.boot.context.event.ApplicationFailedEvent;
import org.springframework.boot.context.event.ApplicationPreparedEvent;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.event.SmartApplicationListener;
import org.springframework.core.Ordered;

/**
 * Takes the data folder's {@link DataFolderLock} as soon as the settings are known (before the
 * banner, the log's first line, H2 or the sandbox), when the server keeps its H2 database in that
 * folder ({@code spring.datasource.url} an H2 file URL under {@code driftless.data-dir}). The lock
 * is handed to the context as its first disposable bean, so it is released last on close, after the
 * DataSource (and with it H2) is closed; a start that fails before the context exists releases it
 * at once. Registered in {@code META-INF/spring.factories}: it must run before any bean exists.
 */
public final class DataFolderGuard implements SmartApplicationListener {

  private DataFolderLock lock;

  @Override
  public boolean supportsEventType(Class<? extends ApplicationEvent> type) {
    return ApplicationEnvironmentPreparedEvent.class.isAssignableFrom(type)
        || ApplicationPreparedEvent.class.isAssignableFrom(type)
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
      var environment = prepared.getEnvironment();
      var folder = environment.getProperty("driftless.data-dir");
      var url = environment.getProperty("spring.datasource.url", "");
      if (folder != null
          && !folder.isBlank()
          && (url.startsWith("jdbc:h2:file:" + folder)
              || url.startsWith("jdbc:h2:async:" + folder))) {
        lock = DataFolderLock.acquire(Path.of(folder));
      }
    } else if (event instanceof ApplicationPreparedEvent prepared && lock != null) {
      var held = lock;
      lock = null;
      if (prepared.getApplicationContext().getBeanFactory()
          instanceof DefaultListableBeanFactory beans) {
        beans.registerDisposableBean("driftlessDataFolderLock", held::close);
      } else {
        Runtime.getRuntime().addShutdownHook(new Thread(held::close, "data-folder-unlock"));
      }
    } else if (event instanceof ApplicationFailedEvent && lock != null) {
      lock.close();
      lock = null;
    }
  }
}
