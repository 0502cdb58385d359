package io.driftless.query.projection;

import java.util.Optional;
import org.springframework.dao.TransientDataAccessResourceException;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * {@code projection_gate}: keeps live batches and a rebuild's swap apart. Every live batch first
 * reads the gate's one row with a shared lock (held until it commits); a swap closes the gate by
 * writing its id into the row, which waits for the batches in flight, and the batches after it find
 * the gate closed and back off ({@link Closed}, a transient failure that the delivery retries and
 * then requeues) until the swap opens it again. The closed gate is committed, so a swap that dies
 * half-way keeps the live stream off the view until the swap is finished.
 */
public final class ViewGate {

  private final JdbcClient jdbc;
  private final Dialect dialect;

  public ViewGate(JdbcClient jdbc, Dialect dialect) {
    this.jdbc = jdbc;
    this.dialect = dialect;
  }

  /**
   * Inside a live batch's transaction: holds the gate shared until commit.
   *
   * @throws Closed if a swap holds it
   */
  void enter() {
    swapping()
        .ifPresent(
            view -> {
              throw new Closed(view);
            });
  }

  /** The view being swapped, if a swap holds the gate (read with the batch's shared lock). */
  private Optional<String> swapping() {
    return read(dialect.sharedLock()).map(Holder::view);
  }

  /** Who holds the gate: a swap id and its view. */
  public record Holder(String swapId, String view) {}

  private Optional<Holder> read(String lock) {
    return jdbc.sql("SELECT swap_id, projection FROM projection_gate WHERE id = 1" + lock)
        .query((rs, row) -> new Holder(rs.getString(1), rs.getString(2)))
        .optional()
        .filter(holder -> holder.swapId() != null);
  }

  /**
   * Closes the gate for a swap (in the caller's transaction; it waits for the live batches in
   * flight). Returns false if another swap holds it.
   */
  public boolean close(String swapId, String view) {
    var current = read(" FOR UPDATE");
    if (current.isPresent() && !current.get().swapId().equals(swapId)) {
      return false;
    }
    jdbc.sql("UPDATE projection_gate SET swap_id = ?, projection = ? WHERE id = 1")
        .params(swapId, view)
        .update();
    return true;
  }

  /** Opens the gate again (in the caller's transaction). */
  public void open() {
    jdbc.sql("UPDATE projection_gate SET swap_id = NULL, projection = NULL WHERE id = 1").update();
  }

  /** The swap that holds the gate and its view, if one does (also one that died half-way). */
  public Optional<Holder> holder() {
    return read("");
  }

  /** A live batch met a closed gate: retry later. */
  public static final class Closed extends TransientDataAccessResourceException {
    Closed(String view) {
      super("the " + view + " view is being swapped by a rebuild; retry");
    }
  }
}
