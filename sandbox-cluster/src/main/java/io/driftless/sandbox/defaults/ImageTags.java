package io.driftless.sandbox.defaults;

/**
 * The tag of an image reference as pkg/util/parsers.ParseImageName reads it: no tag and no digest
 * means {@code latest}. SetDefaults_Container pulls {@code Always} for {@code latest}, else {@code
 * IfNotPresent}.
 */
final class ImageTags {

  private ImageTags() {}

  static boolean isLatest(String image) {
    var at = image.indexOf('@');
    var name = at < 0 ? image : image.substring(0, at);
    var slash = name.lastIndexOf('/');
    var colon = name.lastIndexOf(':');
    var tag = colon > slash ? name.substring(colon + 1) : "";
    return tag.equals("latest") || tag.isEmpty() && at < 0;
  }
}
