package io.driftless.command.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.driftless.events.Provenance;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 27: the provenance a deploy, reconcile, delete, lock or unlock records, read from its query
 * and headers, and every value the contract refuses named in one 400 with the deploy's other
 * parameters.
 */
class ProvenanceInputTest {

  private static final ProvenanceInput.Caller CI =
      new ProvenanceInput.Caller("ci", "driftless-cli/1.2.0", List.of(), List.of());

  private static ProvenanceInput.Caller withHeaders(
      List<String> messages, List<Map.Entry<String, String>> meta) {
    return new ProvenanceInput.Caller("ci", "driftless-cli/1.2.0", messages, meta);
  }

  private static Provenance read(String query, ProvenanceInput.Caller caller) {
    return DeployParameters.parse(query, caller).provenance();
  }

  private static BadParameterException refused(String query, ProvenanceInput.Caller caller) {
    return (BadParameterException)
        assertThatThrownBy(() -> DeployParameters.parse(query, caller))
            .isInstanceOf(BadParameterException.class)
            .actual();
  }

  private static String encoded(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8);
  }

  @Test
  void actorClientMessageAndMetaFromTheQuery() {
    var provenance =
        read(
            "dryRun=true&message="
                + encoded("release 7: new cache")
                + "&meta=git.commit%3Dabc123&meta=pipeline.url%3Dhttps://ci/run/9",
            CI);

    assertThat(provenance)
        .isEqualTo(
            new Provenance(
                "ci",
                "driftless-cli/1.2.0",
                "release 7: new cache",
                Map.of("git.commit", "abc123", "pipeline.url", "https://ci/run/9")));
  }

  @Test
  void messageAndMetaFromHeadersWhoseKeysReadLowerCase() {
    var provenance =
        read(
            "meta=git.ref%3Dmain",
            withHeaders(
                List.of("hotfix"),
                List.of(
                    Map.entry("Driftless-Meta-Git.Commit", "abc123"),
                    Map.entry("driftless-meta-pipeline.run", "42"))));

    assertThat(provenance.message()).isEqualTo("hotfix");
    assertThat(provenance.meta())
        .containsExactly(
            Map.entry("git.commit", "abc123"),
            Map.entry("git.ref", "main"),
            Map.entry("pipeline.run", "42"));
  }

  @Test
  void nothingGivenIsTheCallerAloneAndAnonymousWithoutOne() {
    assertThat(read("", CI)).isEqualTo(new Provenance("ci", "driftless-cli/1.2.0", null, Map.of()));
    assertThat(read("", ProvenanceInput.Caller.NONE).actor()).isEqualTo("anonymous");
    assertThat(read("message=%20%20", CI).message()).isNull();
  }

  @Test
  void messageOfAThousandCharactersIsTakenOneMoreIsRefused() {
    assertThat(read("message=" + "m".repeat(1000), CI).message()).hasSize(1000);

    var query = refused("message=" + "m".repeat(1001), CI);
    assertThat(query.getMessage())
        .isEqualTo("Query parameter message: at most 1000 characters, not 1001.");
    var header = refused("", withHeaders(List.of("m".repeat(1001)), List.of()));
    assertThat(header.getMessage())
        .isEqualTo("Header Driftless-Message: at most 1000 characters, not 1001.");
  }

  @Test
  void messageGivenTwiceIsRefused() {
    assertThat(refused("message=a&message=b", CI).details())
        .containsExactly("message: given 2 times; give it once");
    assertThat(refused("", withHeaders(List.of("a", "b"), List.of())).details())
        .containsExactly("Driftless-Message: given 2 times; give it once");
    assertThat(refused("message=a", withHeaders(List.of("b"), List.of())).details())
        .containsExactly("message: given both as ?message= and as header Driftless-Message");
  }

  @Test
  void metaKeysMustMatchTheContractsPattern() {
    assertThat(read("meta=a%3D1&meta=" + "k".repeat(63) + "%3D2", CI).meta()).hasSize(2);
    for (var key : List.of("Git.Commit", "-a", "a-", "a b", "", "k".repeat(64), "a/b", "ä")) {
      var error = refused("meta=" + encoded(key + "=v"), CI);
      assertThat(error.details()).as(key).hasSize(1);
      assertThat(error.details().get(0)).as(key).startsWith("meta: key \"");
    }
    var header = refused("", withHeaders(List.of(), List.of(Map.entry("Driftless-Meta-a_", "v"))));
    assertThat(header.getMessage()).startsWith("Header Driftless-Meta-a_: key \"a_\" must be");
  }

  @Test
  void metaWithoutAnEqualsSignIsRefused() {
    assertThat(refused("meta=git.commit", CI).details())
        .containsExactly("meta: must be <key>=<value>, got \"git.commit\"");
  }

  @Test
  void metaValueOf512CharactersIsTakenOneMoreIsRefused() {
    assertThat(read("meta=k%3D" + "v".repeat(512), CI).meta().get("k")).hasSize(512);
    assertThat(refused("meta=k%3D" + "v".repeat(513), CI).details())
        .containsExactly("meta: the value of k has 513 characters; at most 512");
  }

  @Test
  void thirtyTwoKeysAreTakenThirtyThreeAreRefused() {
    var keys = new ArrayList<String>();
    for (int i = 0; i < 33; i++) {
      keys.add("meta=k" + i + "%3Dv");
    }
    assertThat(read(String.join("&", keys.subList(0, 32)), CI).meta()).hasSize(32);
    assertThat(refused(String.join("&", keys), CI).details())
        .containsExactly("meta: at most 32 keys, not 33");
  }

  @Test
  void aKeyGivenTwiceIsRefusedWhereverItCameFrom() {
    assertThat(refused("meta=a%3D1&meta=a%3D2", CI).details())
        .containsExactly("meta: key a is given more than once");
    var both = withHeaders(List.of(), List.of(Map.entry("Driftless-Meta-A", "1")));
    assertThat(refused("meta=a%3D2", both).details())
        .containsExactly("meta: key a is given more than once");
  }

  @Test
  void provenanceProblemsJoinTheOtherParametersInOneAnswer() {
    var error =
        refused("dryRun=maybe&meta=BAD%3D1", withHeaders(List.of("m".repeat(1001)), List.of()));

    assertThat(error.getMessage())
        .isEqualTo("3 query parameters or headers are invalid (see details).");
    assertThat(error.details()).hasSize(3);
    assertThat(error.details().get(0)).startsWith("dryRun:");
    assertThat(error.details().get(1)).startsWith("meta: key \"BAD\"");
    assertThat(error.details().get(2)).startsWith("Driftless-Message:");
  }

  @Test
  void messageAndMetaAreDeployParametersNotUnknownOnes() {
    assertThat(DeployParameters.NAMES).contains("message", "meta");
    assertThat(refused("mesage=x", CI).details().get(0)).startsWith("mesage: unknown parameter");
  }
}
