package org.igtrace.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Writes a file whole or not at all: into a temporary file beside it, renamed when complete. */
final class AtomicOutput {
    /** Something that writes the whole output. */
    interface Body {
        void writeTo(Writer out) throws IOException;
    }

    private AtomicOutput() {
    }

    static void write(Path target, Body body) throws IOException {
        Path absolute = target.toAbsolutePath();
        Path dir = absolute.getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new IOException("directory " + dir + " does not exist");
        }
        Path temp = Files.createTempFile(dir, "." + absolute.getFileName(), ".part");
        boolean done = false;
        try {
            try (Writer out = new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(temp), StandardCharsets.UTF_8))) {
                body.writeTo(out);
            }
            try {
                Files.move(temp, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, absolute, StandardCopyOption.REPLACE_EXISTING);
            }
            done = true;
        } finally {
            if (!done) {
                Files.deleteIfExists(temp);
            }
        }
    }
}
