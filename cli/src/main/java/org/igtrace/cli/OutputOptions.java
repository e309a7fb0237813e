package org.igtrace.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import org.igtrace.reader.TraceFormat;
import picocli.CommandLine.Option;

/** Where a command's result goes and how much it says on standard error: shared by every command. */
public final class OutputOptions {
    @Option(names = {"-o", "--output"}, paramLabel = "FILE", converter = FileName.class,
            description = "Write to FILE (whole or not at all) instead of standard output. Without --format the "
                    + "file's extension chooses the format; a --format that names another format than a known "
                    + "extension does is a usage error.")
    Path output;

    /**
     * An output file's path: {@code -o out/} wrote a file named {@code out} (the path loses its slash), or replaced one;
     * its slash is kept as {@code out/.}, which names a directory. An empty one is refused as every empty path is.
     */
    static final class FileName implements picocli.CommandLine.ITypeConverter<Path> {
        @Override
        public Path convert(String text) {
            if (text.isEmpty()) {
                throw Units.Refused.naming("needs a path, and the one given is empty");
            }
            String base = RawArguments.relativeBase();
            Path path = base != null ? RawArguments.resolved(base, text) : Path.of(text);
            // the slash kept as "/." ({@link #check} refuses it; predict --format simgrid -o DIR/ writes the directory)
            return text.endsWith("/") && path.getFileName() != null ? path.resolve(".") : path; // "/" and "//": the root
        }
    }

    @Option(names = {"-q", "--quiet"},
            description = "Print nothing on standard error but errors and warnings: no summary, notes or progress bar.")
    boolean quiet;

    /** An output file whose directory is missing or not writable fails before the trace is read. */
    void check() throws Failure {
        check(output);
    }

    /** As above for a command that declares its own {@code -o} (report, timeline): null is standard output. */
    static void check(Path output) throws Failure {
        if (output != null && !output.toString().equals("-")) { // "-": standard output
            if (output.getFileName() != null && output.getFileName().toString().equals(".")) { // -o out/ or -o .
                String named = output.getParent() == null ? "." : output.getParent().toString();
                throw new Failure(named + (named.endsWith("/") || named.equals(".") ? "" : "/") + ": names a directory: -o takes the name"
                        + " of the file to write");
            }
            Path dir = output.toAbsolutePath().getParent();
            if (dir == null) { // the root, "/" or "//": an internal error (a null path) before
                throw new Failure(output + ": is a directory");
            }
            if (!Files.exists(dir)) {
                throw new Failure(output + ": " + (TraceFormat.undecodable(dir) ? TraceFormat.UNDECODABLE
                        : "directory " + dir + " does not exist"));
            }
            if (!Files.isDirectory(dir)) {
                throw new Failure(output + ": " + dir + " is not a directory");
            }
            if (!Files.isWritable(dir)) { // found only after the whole analysis, when the file was written
                throw new Failure(output + ": directory " + dir + " is not writable");
            }
            // found only when the file was written, after map had written its --simgrid folder (what the write says)
            if (!output.toString().isEmpty() && Files.isDirectory(output)) { // -o '' is a usage error said elsewhere
                throw new Failure(output + ": is a directory");
            }
            // found only when the file written was moved to its name, the error naming the temporary file
            int nameBytes = output.getFileName() == null ? 0 : output.getFileName().toString().getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
            if (nameBytes > 255) {
                throw new Failure(output + ": file name too long (" + nameBytes + " bytes; a file name holds at most 255)");
            }
            if (!output.toString().isEmpty() && Files.isRegularFile(output) && !Files.isWritable(output)) {
                throw new Failure(output + ": not writable (permission denied): igtrace does not replace a file you may not write");
            }
        }
    }

    /** The output file's extension in lower case ("dot" for "g.DOT"), or null. */
    String extension() {
        if (output == null || output.getFileName() == null) {
            return null;
        }
        String name = output.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot <= 0 ? null : name.substring(dot + 1).toLowerCase(java.util.Locale.ROOT);
    }
}
