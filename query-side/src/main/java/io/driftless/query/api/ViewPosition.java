package io.driftless.query.api;

import io.driftless.query.projection.ProjectionApplier;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Adds {@code Driftless-View-Position} to every query response: how many events the views have
 * applied (the count of the view furthest along, one row per view in {@code projection_status} that
 * each batch keeps: {@link ProjectionApplier#position}). It is read before the query runs, so the
 * answer reflects at least that many events.
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

  private final ProjectionApplier applier;

  ViewPosition(ProjectionApplier applier) {
    this.applier = applier;
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
    return applier.position();
  }
}
