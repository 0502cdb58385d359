/**
 * Kubernetes API discovery and OpenAPI, as a 1.30 API server answers them, so that {@code kubectl}
 * works against the sandbox: {@code /version}, the health checks, {@code /api}, {@code /apis} and
 * each group version's resource list (the built-in ones from {@code api-resources.json}, derived
 * from 1.30's published OpenAPI; the custom ones from the stored CRDs), {@code /openapi/v3} and
 * {@code /openapi/v2} (JSON or gnostic protobuf), and server-side printing ({@code as=Table}).
 *
 * <p>It knows the sandbox's objects only through the suppliers it is given; it writes nothing.
 */
package io.driftless.sandbox.discovery;
