package io.driftless.shared;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

class ApiErrorTest {

  private final JsonMapper json = JsonMapper.builder().build();

  @Test
  void writesErrorMessageDetailsInThatOrder() throws Exception {
    var error = new ApiError("bad_parameter", "Query parameter x is unknown.", List.of("x: no"));

    assertThat(json.writeValueAsString(error))
        .isEqualTo(
            "{\"error\":\"bad_parameter\",\"message\":\"Query parameter x is unknown.\","
                + "\"details\":[\"x: no\"]}");
  }

  @Test
  void writesEmptyDetailsAndNullsAsTheyAre() throws Exception {
    assertThat(json.writeValueAsString(new ApiError("not_found", "m", List.of())))
        .isEqualTo("{\"error\":\"not_found\",\"message\":\"m\",\"details\":[]}");
    assertThat(json.writeValueAsString(new ApiError("e", null, null)))
        .isEqualTo("{\"error\":\"e\",\"message\":null,\"details\":null}");
  }

  @Test
  void readsItsOwnShape() throws Exception {
    var text = "{\"error\":\"forbidden\",\"message\":\"m\",\"details\":[\"a\",\"b\"]}";

    assertThat(json.readValue(text, ApiError.class))
        .isEqualTo(new ApiError("forbidden", "m", List.of("a", "b")));
  }
}
