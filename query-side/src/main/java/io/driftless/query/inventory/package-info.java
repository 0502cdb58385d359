/**
 * The resource inventory: per object an app ever had, its last op, last change, applied hash and
 * whether it is live. Fed by ResourceChange events only.
 */
package io.driftless.query.inventory;
