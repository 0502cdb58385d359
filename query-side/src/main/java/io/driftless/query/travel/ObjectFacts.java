package io.driftless.query.travel;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What the fleet inventory filters on, read from an applied object: the images of every container
 * and init container of its pod template (Deployments, StatefulSets, DaemonSets, ReplicaSets, Jobs,
 * CronJobs, Pods) and its labels, each as one text of {@code "\n"}-separated entries with a leading
 * and a trailing {@code "\n"}, so {@code LIKE '%\nnginx%'} matches an image by prefix and {@code
 * LIKE '%\nk=v\n%'} a label exactly (neither an image nor a label holds a line break).
 */
final class ObjectFacts {

  private static final Set<String> TEMPLATED =
      Set.of("Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Job");

  private ObjectFacts() {}

  /** The object's container images, sorted, as a line text ({@code ""} for none). */
  static String images(String kind, Map<String, Object> object) {
    var pod = podSpec(kind, object);
    var images = new TreeSet<String>();
    for (var list : List.of("containers", "initContainers")) {
      if (pod.get(list) instanceof List<?> containers) {
        for (var container : containers) {
          if (container instanceof Map<?, ?> c && c.get("image") instanceof String image) {
            images.add(image);
          }
        }
      }
    }
    return lines(images);
  }

  /** The object's labels as {@code key=value} lines ({@code ""} for none). */
  static String labels(Map<String, Object> object) {
    var labels = new TreeSet<String>();
    if (map(object.get("metadata")).get("labels") instanceof Map<?, ?> map) {
      new TreeMap<>(map).forEach((k, v) -> labels.add(k + "=" + v));
    }
    return lines(labels);
  }

  /** The entries of a line text, in order. */
  static List<String> entries(String lines) {
    return lines.isEmpty() ? List.of() : List.of(lines.substring(1).split("\n"));
  }

  private static Map<?, ?> podSpec(String kind, Map<String, Object> object) {
    var spec = map(object.get("spec"));
    if ("Pod".equals(kind)) {
      return spec;
    }
    if ("CronJob".equals(kind)) {
      spec = map(map(spec.get("jobTemplate")).get("spec"));
    } else if (!TEMPLATED.contains(kind)) {
      return Map.of();
    }
    return map(map(spec.get("template")).get("spec"));
  }

  private static Map<?, ?> map(Object value) {
    return value instanceof Map<?, ?> map ? map : Map.of();
  }

  private static String lines(Set<String> entries) {
    return entries.isEmpty() ? "" : "\n" + String.join("\n", entries) + "\n";
  }
}
