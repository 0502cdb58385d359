/**
 * Time travel (issue 27): the {@code desired} view, a temporal record of every app's desired set
 * per change and of every object's applied versions with the times they were in force, and its
 * queries: an app's desired set as of a change or a time, the compare of two changes (planned by
 * the diff engine as if one were live and the other deployed) and the fleet inventory as of a time.
 * Independent of the other views; knows the diff engine's public API, never the command side.
 */
package io.driftless.query.travel;
