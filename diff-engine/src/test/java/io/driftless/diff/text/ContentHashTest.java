package io.driftless.diff.text;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import org.junit.jupiter.api.Test;

class ContentHashTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private static JsonNode json(String text) throws Exception {
    return JSON.readTree(text);
  }

  @Test
  void isTheSha256OfTheCanonicalJson() throws Exception {
    assertThat(ContentHash.of(json("{}")))
        .isEqualTo("sha256:44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a");
    assertThat(ContentHash.of(json("{ \"b\": [ {\"d\": null, \"c\": true} ], \"a\": 1 }")))
        .isEqualTo("sha256:fa50bec294c7887d03666c69dec92e9d71f356cfaae2a52405595f88bf2d8687");
  }

  @Test
  void sortsKeysRecursivelyWithoutWhitespace() throws Exception {
    var node = json("{\"z\": {\"y\": 1, \"x\": [ {\"b\": 2, \"a\": 3} ]}, \"a\": \"t\"}");

    assertThat(ContentHash.canonicalJson(node))
        .isEqualTo("{\"a\":\"t\",\"z\":{\"x\":[{\"a\":3,\"b\":2}],\"y\":1}}");
  }

  @Test
  void isStableUnderKeyOrder() throws Exception {
    var one =
        json(
            "{\"metadata\": {\"name\": \"a\", \"labels\": {\"x\": \"1\", \"y\": \"2\"}}, \"kind\": \"K\"}");
    var other =
        json(
            "{\"kind\": \"K\", \"metadata\": {\"labels\": {\"y\": \"2\", \"x\": \"1\"}, \"name\": \"a\"}}");

    assertThat(ContentHash.of(one)).isEqualTo(ContentHash.of(other));
  }

  @Test
  void changesWithContentAndListOrder() throws Exception {
    assertThat(ContentHash.of(json("{\"a\": [1, 2]}")))
        .isNotEqualTo(ContentHash.of(json("{\"a\": [2, 1]}")))
        .isNotEqualTo(ContentHash.of(json("{\"a\": [1, 3]}")));
  }
}
