/** Wiring only: the command side and the query side in one JVM, on embedded defaults. */
package io.driftless.standalone;
