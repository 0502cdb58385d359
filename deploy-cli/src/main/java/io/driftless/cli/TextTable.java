package io.driftless.cli;

import java.util.ArrayList;
import java.util.List;

/** A plain-text table as kapp prints one: left-aligned columns two spaces apart. */
final class TextTable {

  private static final String GAP = "  ";

  private final List<List<String>> rows = new ArrayList<>();

  TextTable(String... header) {
    rows.add(List.of(header));
  }

  TextTable row(String... cells) {
    if (cells.length != rows.get(0).size()) {
      throw new IllegalArgumentException("expected " + rows.get(0).size() + " cells");
    }
    rows.add(List.of(cells));
    return this;
  }

  String render() {
    var widths = widths();
    var text = new StringBuilder();
    rows.forEach(row -> text.append(line(row, widths)).append('\n'));
    return text.toString();
  }

  private int[] widths() {
    var widths = new int[rows.get(0).size()];
    for (var row : rows) {
      for (int column = 0; column < widths.length; column++) {
        widths[column] = Math.max(widths[column], row.get(column).length());
      }
    }
    return widths;
  }

  private static String line(List<String> row, int[] widths) {
    var line = new StringBuilder();
    for (int column = 0; column < widths.length; column++) {
      var cell = row.get(column);
      line.append(column == 0 ? "" : GAP).append(cell);
      line.append(" ".repeat(widths[column] - cell.length()));
    }
    return line.toString().stripTrailing();
  }
}
