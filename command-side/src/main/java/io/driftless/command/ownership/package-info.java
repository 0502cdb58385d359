/**
 * App ownership of cluster objects, as kapp has it: every object Driftless writes carries the
 * labels {@code driftless.io/app} and {@code driftless.io/association} (and the annotation {@code
 * driftless.io/app-id} naming the app in full); a deploy refuses objects labelled for another app
 * unless told to take them over, and deletes and prunes only the app's own objects. Pure functions
 * over Jackson trees and the diff engine's plan: no cluster, no Axon, no Spring.
 */
package io.driftless.command.ownership;
