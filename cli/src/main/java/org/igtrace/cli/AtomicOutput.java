package org.igtrace.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.igtrace.cli.isolation.SupervisedChild;

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
        Path temp = createTemporary(absolute);
        SupervisedChild.created(temp);
        // Interrupted (Ctrl-C, kill): the half-written file goes too.
        Thread removeTemp = new Thread(() -> temp.toFile().delete());
        Runtime.getRuntime().addShutdownHook(removeTemp);
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
            Runtime.getRuntime().removeShutdownHook(removeTemp);
        }
    }

    /**
     * {@code .NAME.PID.part} beside the target, announced to a supervising parent before it exists
     * (so a reader process that dies leaves nothing behind); no SecureRandom, whose start-up costs
     * more than the whole write of a small graph.
     */
    private static Path createTemporary(Path target) throws IOException {
        String prefix = "." + target.getFileName() + "." + ProcessHandle.current().pid();
        for (int attempt = 0; ; attempt++) {
            Path temp = target.resolveSibling(prefix + (attempt == 0 ? "" : "-" + attempt) + ".part");
            SupervisedChild.willCreate(temp);
            try {
                return Files.createFile(temp);
            } catch (FileAlreadyExistsException e) {
                if (attempt >= 100) {
                    throw e;
                }
            }
        }
    }
}
