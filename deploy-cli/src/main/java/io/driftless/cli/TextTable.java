package io.driftless.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * A plain-text table as kapp's ui library prints one: an optional title, left-aligned columns two
 * spaces apart, {@code -} for an empty cell, {@code ^} for a first-column value repeated from the
 * row above (kapp's FillFirstColumn), then notes and an item count ({@code 2 apps}).
 */
final class TextTable {

  private static final String GAP = "  ";

  private final List<String> header;
  private final List<List<String>> rows = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();
  private String title;
  private String content;
  private boolean fillFirstColumn;
  private String lastFirst;

  TextTable(String... header) {
    this.header = List.of(header);
  }

  TextTable title(String title) {
    this.title = title;
    return this;
  }

  /** The noun of the count line; none when null. */
  TextTable content(String content) {
    this.content = content;
    return this;
  }

  TextTable fillFirstColumn() {
    this.fillFirstColumn = true;
    return this;
  }

  TextTable note(String note) {
    notes.add(note);
    return this;
  }

  TextTable row(String... cells) {
    if (cells.length != header.size()) {
      throw new IllegalArgumentException("expected " + header.size() + " cells");
    }
    var row = new ArrayList<String>();
    for (var cell : cells) {
      row.add(cell == null || cell.isEmpty() ? "-" : cell);
    }
    var first = row.get(0);
    if (fillFirstColumn && !rows.isEmpty() && first.equals(lastFirst)) {
      row.set(0, "^");
    }
    lastFirst = first;
    rows.add(row);
    return this;
  }

  int size() {
    return rows.size();
  }

  /** The rows only, header first: what {@code driftless deploy} printed before the title. */
  String renderRows() {
    var all = new ArrayList<List<String>>();
    all.add(header);
    all.addAll(rows);
    var widths = widths(all);
    var text = new StringBuilder();
    all.forEach(row -> text.append(line(row, widths)).append('\n'));
    return text.toString();
  }

  String render() {
    var text = new StringBuilder();
    if (title != null) {
      text.append(title).append("\n\n");
    }
    text.append(renderRows());
    if (!notes.isEmpty()) {
      text.append('\n');
      notes.forEach(note -> text.append(note).append('\n'));
    }
    if (content != null) {
      text.append('\n').append(rows.size()).append(' ').append(content).append('\n');
    }
    return text.toString();
  }

  private static int[] widths(List<List<String>> all) {
    var widths = new int[all.get(0).size()];
    for (var row : all) {
      for (int column = 0; column < widths.length; column++) {
        widths[column] = Math.max(widths[column], Colors.width(row.get(column)));
      }
    }
    return widths;
  }

  private static String line(List<String> row, int[] widths) {
    var line = new StringBuilder();
    for (int column = 0; column < widths.length; column++) {
      var cell = row.get(column);
      line.append(column == 0 ? "" : GAP).append(cell);
      line.append(" ".repeat(widths[column] - Colors.width(cell)));
    }
    return line.toString().stripTrailing();
  }
}
