/**
 * kapp {@code Config} documents ({@code apiVersion: kapp.k14s.io/v1alpha1, kind: Config}) and
 * kapp's built-in configuration: resource matchers, rebase rules (applied here), change group and
 * change rule bindings (applied by the planner's ordering).
 *
 * <p>Named {@code config} rather than {@code rebase} because one kapp Config carries both rebase
 * rules and ordering bindings. Works on single Jackson trees; must not know about plans, changes or
 * the cluster, and depends only on {@code io.driftless.diff.resources} (for errors and keys).
 */
package io.driftless.diff.config;
