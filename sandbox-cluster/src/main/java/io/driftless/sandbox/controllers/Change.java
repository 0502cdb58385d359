package io.driftless.sandbox.controllers;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.objects.ApiObject;

/**
 * A stored change the controllers react to, as a watch event: the object before ({@code null} on
 * create) and after it.
 */
public record Change(ObjectNode before, ApiObject after) {}
