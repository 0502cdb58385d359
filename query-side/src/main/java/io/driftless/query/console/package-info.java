/**
 * What the history page needs to know of its server before it draws a page (issue 29 point 3):
 * where the command side answers. Knows no view and not the command side's code, only a setting.
 */
package io.driftless.query.console;
