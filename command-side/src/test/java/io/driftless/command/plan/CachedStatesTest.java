package io.driftless.command.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.driftless.command.resource.ResourceState;
import io.driftless.events.ResourceRef;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A kept ResourceChange state is served only for the newest event it was folded up to (issue 31: an
 * unchanged redeploy reads no aggregate again), and the least recently used goes first.
 */
class CachedStatesTest {

  private static ResourceState state(String resourceVersion) {
    return new ResourceState(
        new ResourceRef("v1", "ConfigMap", "default", "conf"),
        Map.of("data", Map.of("k", resourceVersion)),
        resourceVersion,
        1,
        null);
  }

  private static NewestEvents.Newest newest(long sequence, String id) {
    return new NewestEvents.Newest(sequence, id);
  }

  @Test
  void servesAStateForTheNewestEventItWasFoldedUpTo() {
    var cached = new CachedStates<ResourceState>(10);
    cached.put("r", newest(3, "e3"), state("7"));

    assertThat(cached.get("r", newest(3, "e3"))).contains(state("7"));
  }

  @Test
  void servesNothingOnceTheAggregateRecordedMore() {
    var cached = new CachedStates<ResourceState>(10);
    cached.put("r", newest(3, "e3"), state("7"));

    assertThat(cached.get("r", newest(4, "e4"))).isEmpty();
    assertThat(cached.get("other", newest(3, "e3"))).isEmpty();
  }

  @Test
  void servesNothingForTheSameSequenceNumberOfAnotherEvent() {
    // a store replaced under the running server: same aggregate, same number, another event
    var cached = new CachedStates<ResourceState>(10);
    cached.put("r", newest(3, "e3"), state("7"));

    assertThat(cached.get("r", newest(3, "other"))).isEmpty();
  }

  @Test
  void aNewerStateReplacesTheOlder() {
    var cached = new CachedStates<ResourceState>(10);
    cached.put("r", newest(3, "e3"), state("7"));
    cached.put("r", newest(4, "e4"), state("8"));

    assertThat(cached.get("r", newest(4, "e4"))).contains(state("8"));
    assertThat(cached.get("r", newest(3, "e3"))).isEmpty();
    assertThat(cached.size()).isEqualTo(1);
  }

  @Test
  void dropsTheLeastRecentlyUsedPastItsCapacity() {
    var cached = new CachedStates<ResourceState>(2);
    cached.put("a", newest(0, "a0"), state("1"));
    cached.put("b", newest(0, "b0"), state("2"));
    cached.get("a", newest(0, "a0"));
    cached.put("c", newest(0, "c0"), state("3"));

    assertThat(cached.size()).isEqualTo(2);
    assertThat(cached.get("b", newest(0, "b0"))).isEmpty();
    assertThat(cached.get("a", newest(0, "a0"))).isPresent();
    assertThat(cached.get("c", newest(0, "c0"))).isPresent();
  }

  @Test
  void aCapacityOfZeroKeepsNothing() {
    var cached = new CachedStates<ResourceState>(0);
    cached.put("r", newest(3, "e3"), state("7"));

    assertThat(cached.get("r", newest(3, "e3"))).isEmpty();
    assertThat(cached.size()).isZero();
  }

  @Test
  void refusesANegativeCapacity() {
    assertThatThrownBy(() -> new CachedStates<ResourceState>(-1))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
