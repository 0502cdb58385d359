package io.driftless.sandbox.defaults;

import static io.driftless.sandbox.objects.Nodes.defaultInt;
import static io.driftless.sandbox.objects.Nodes.defaultText;
import static io.driftless.sandbox.objects.Nodes.object;
import static io.driftless.sandbox.objects.Nodes.objects;
import static io.driftless.sandbox.objects.Nodes.unset;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.objects.Nodes;
import java.util.Locale;

/**
 * Defaults of the API-group kinds of the example manifests: RBAC bindings, CRDs, admission webhooks
 * and NetworkPolicies (each method names its upstream function).
 */
final class ApiGroupDefaults {

  private static final String RBAC = "rbac.authorization.k8s.io";

  private ApiGroupDefaults() {}

  /**
   * pkg/apis/rbac/v1/defaults.go: SetDefaults_ClusterRoleBinding, SetDefaults_RoleBinding (roleRef
   * apiGroup) and SetDefaults_Subject (User and Group subjects in the RBAC group).
   */
  static void binding(ObjectNode binding) {
    defaultText(object(binding, "roleRef"), "apiGroup", RBAC);
    for (var subject : objects(binding, "subjects")) {
      var kind = subject.path("kind").asText();
      if (unset(subject, "apiGroup") && (kind.equals("User") || kind.equals("Group"))) {
        subject.put("apiGroup", RBAC);
      }
    }
  }

  /**
   * apiextensions v1 SetDefaults_CustomResourceDefinitionSpec (singular, listKind, conversion
   * None), SetDefaults_ServiceReference (port 443) and the strategy's status on create (stored
   * versions; accepted names empty until the establishing controller runs).
   */
  static void crd(ObjectNode crd) {
    var spec = object(crd, "spec");
    var names = object(spec, "names");
    var kind = names.path("kind").asText("");
    defaultText(names, "singular", kind.toLowerCase(Locale.ROOT));
    if (!kind.isEmpty()) {
      defaultText(names, "listKind", kind + "List");
    }
    var conversion = object(spec, "conversion");
    defaultText(conversion, "strategy", "None");
    var service = Nodes.find(conversion, "webhook", "clientConfig", "service");
    if (service != null) {
      defaultInt(service, "port", 443);
    }
  }

  /**
   * admissionregistration v1 SetDefaults_ValidatingWebhook / SetDefaults_MutatingWebhook
   * (failurePolicy Fail, matchPolicy Equivalent, empty selectors, timeout 10 s, reinvocation
   * Never), SetDefaults_Rule (scope *) and SetDefaults_ServiceReference (port 443).
   */
  static void webhooks(ObjectNode configuration, boolean mutating) {
    for (var webhook : objects(configuration, "webhooks")) {
      defaultText(webhook, "failurePolicy", "Fail");
      defaultText(webhook, "matchPolicy", "Equivalent");
      object(webhook, "namespaceSelector");
      object(webhook, "objectSelector");
      defaultInt(webhook, "timeoutSeconds", 10);
      if (mutating) {
        defaultText(webhook, "reinvocationPolicy", "Never");
      }
      objects(webhook, "rules").forEach(rule -> defaultText(rule, "scope", "*"));
      var service = Nodes.find(webhook, "clientConfig", "service");
      if (service != null) {
        defaultInt(service, "port", 443);
      }
    }
  }

  /**
   * networking v1 SetDefaults_NetworkPolicyPort (protocol TCP) and SetDefaults_NetworkPolicy
   * (policyTypes: Ingress, plus Egress when egress rules are given).
   */
  static void networkPolicy(ObjectNode policy) {
    var spec = object(policy, "spec");
    for (var direction : new String[] {"ingress", "egress"}) {
      for (var rule : objects(spec, direction)) {
        objects(rule, "ports").forEach(port -> defaultText(port, "protocol", "TCP"));
      }
    }
    if (unset(spec, "policyTypes") || spec.path("policyTypes").isEmpty()) {
      var types = spec.putArray("policyTypes").add("Ingress");
      if (spec.path("egress").size() > 0) {
        types.add("Egress");
      }
    }
  }
}
