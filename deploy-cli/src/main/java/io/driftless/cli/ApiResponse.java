package io.driftless.cli;

/** What the server answered: status code and body as received. */
record ApiResponse(int status, String body) {

  boolean successful() {
    return status >= 200 && status < 300;
  }
}
