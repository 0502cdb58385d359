package io.driftless.command.deploy;

import io.driftless.command.change.EventPositions;
import org.springframework.core.MethodParameter;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.server.ServerHttpRequest;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.servlet.mvc.method.annotation.ResponseBodyAdvice;

/**
 * Puts the event position on every answer of a change that was recorded (deploy, reconcile, delete;
 * successful or a 502; an admin's abort; a lock or unlock): the field {@code eventPosition} and the
 * header {@value EventPositions#HEADER}. Read when the answer is written, so after the change's
 * last event is stored. Dry runs and changes that recorded nothing ({@code changeId: null}) carry
 * neither.
 */
@RestControllerAdvice(basePackages = "io.driftless.command")
class EventPositionAdvice implements ResponseBodyAdvice<Object> {

  private final EventPositions positions;

  EventPositionAdvice(EventPositions positions) {
    this.positions = positions;
  }

  @Override
  public boolean supports(
      MethodParameter returnType, Class<? extends HttpMessageConverter<?>> converterType) {
    return true;
  }

  @Override
  public Object beforeBodyWrite(
      Object body,
      MethodParameter returnType,
      MediaType contentType,
      Class<? extends HttpMessageConverter<?>> converterType,
      ServerHttpRequest request,
      ServerHttpResponse response) {
    if (body instanceof DeployResponse answer && recorded(answer)) {
      var position = positions.current();
      response.getHeaders().set(EventPositions.HEADER, Long.toString(position));
      return answer.withEventPosition(position);
    }
    if (body instanceof DeployFailure failure && recorded(failure.response())) {
      var position = positions.current();
      response.getHeaders().set(EventPositions.HEADER, Long.toString(position));
      return new DeployFailure(
          failure.response().withEventPosition(position),
          failure.error(),
          failure.message(),
          failure.details());
    }
    if (body instanceof LockResponse lock && lock.eventPosition() == null) {
      var position = positions.current();
      response.getHeaders().set(EventPositions.HEADER, Long.toString(position));
      return lock.withEventPosition(position);
    }
    if (body instanceof AbortResponse aborted && aborted.eventPosition() == null) {
      var position = positions.current();
      response.getHeaders().set(EventPositions.HEADER, Long.toString(position));
      return aborted.withEventPosition(position);
    }
    return body;
  }

  private static boolean recorded(DeployResponse answer) {
    return answer.changeId() != null && !answer.dryRun() && answer.eventPosition() == null;
  }
}
