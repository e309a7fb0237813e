package org.igtrace.cli;

import java.io.FilterWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import org.igtrace.formats.Escape;

/**
 * Standard error as people read it: every line igtrace writes there (notes, errors naming files
 * and locations, the tables of {@code --stats}) passes {@link Escape#terminal}, line breaks kept,
 * so a name from a trace cannot move the cursor, change colours or hide text. Only the progress
 * bar draws on the {@link #raw()} stream. A path the launcher passed under an alias is shown as the
 * user named it ({@link PathAliases}).
 */
final class TerminalErr extends PrintWriter {
    private final PrintWriter raw;

    TerminalErr(PrintWriter raw) {
        super(new Visible(raw), true);
        this.raw = raw;
    }

    /** The stream without escaping, for the progress bar's carriage return and erase-line sequence. */
    PrintWriter raw() {
        return raw;
    }

    /** {@code err} as people read it, or itself when it already is. */
    static PrintWriter of(PrintWriter err) {
        return err instanceof TerminalErr ? err : new TerminalErr(err);
    }

    /** Line breaks and backslashes pass; other control characters and those that draw nothing are written in their visible form. */
    private static final class Visible extends FilterWriter {
        Visible(Writer out) {
            super(out);
        }

        @Override
        public void write(int c) throws IOException {
            write(new char[] {(char) c}, 0, 1);
        }

        @Override
        public void write(char[] text, int from, int count) throws IOException {
            String s = new String(text, from, count);
            if (PathAliases.any()) { // a path the launcher passed as an alias: shown as the user named it
                s = PathAliases.shown(s);
            }
            out.write(Escape.visible(s, false, true));
        }

        @Override
        public void write(String s, int offset, int length) throws IOException {
            write(s.toCharArray(), offset, length);
        }
    }
}
