package io.driftless.cli;

/** Keeps unexpected server text short enough for one line of an error. */
final class Text {

  private static final int MAX_LENGTH = 200;

  private Text() {}

  static String abbreviate(String text) {
    var oneLine = text.strip().replaceAll("\\s+", " ");
    return oneLine.length() <= MAX_LENGTH ? oneLine : oneLine.substring(0, MAX_LENGTH) + "...";
  }
}
