package io.driftless.query.api;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Adds {@code Driftless-View-Position} to every query response: how many events the views have
 * applied (per source aggregate, the highest next-expected sequence of any view, summed). It is
 * read before the query runs, so the answer reflects at least that many events.
 *
 * <p>It compares with the command side's {@code eventPosition} (header {@code
 * Driftless-Event-Position}): the number of events in the store once a change's last event is
 * stored. Both count events, and an aggregate's events are numbered from 0 without gaps, so once
 * every stored event is applied the two are equal (docs/API.md, "Positions"; {@code
 * command-side/.../deploy/EventPositions.java}). A client waits until this header is at least the
 * command's number.
 */
@Component
class ViewPosition extends OncePerRequestFilter {

  static final String HEADER = "Driftless-View-Position";

  private final JdbcClient jdbc;

  ViewPosition(DataSource dataSource) {
    this.jdbc = JdbcClient.create(dataSource);
  }

  @Override
  protected boolean shouldNotFilter(HttpServletRequest request) {
    return !"GET".equals(request.getMethod()) || !request.getRequestURI().startsWith("/api/");
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    response.setHeader(HEADER, Long.toString(position()));
    chain.doFilter(request, response);
  }

  long position() {
    return jdbc.sql(
            "SELECT COALESCE(SUM(next_sequence), 0) FROM (SELECT MAX(last_sequence) + 1"
                + " AS next_sequence FROM projection_offset GROUP BY aggregate_id) positions")
        .query(Long.class)
        .single();
  }
}
