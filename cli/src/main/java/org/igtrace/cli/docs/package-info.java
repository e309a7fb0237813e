/**
 * The man page and the shell completion, generated from the commands' picocli model at build time.
 *
 * <p>Level: of igtrace it imports only {@code org.igtrace.cli}; it must not import any other igtrace package
 * (checked by PackageLayersTest).
 */
package org.igtrace.cli.docs;
