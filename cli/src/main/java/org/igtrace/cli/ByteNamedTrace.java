package org.igtrace.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.igtrace.reader.TraceFormat;
import org.igtrace.reader.spill.TempFolders;

/**
 * A trace found by listing the folder the user gave, whose own name Java cannot name (issue 41 item 9):
 * its bytes are not UTF-8 (or not ASCII where Java names files in ASCII), so its name as a string holds
 * U+FFFD, and libotf2 (given the anchor's name as a string) or the OTF reader (which finds the files
 * beside the master by its name) looked for a file that is not there ("damaged or truncated ... POSIX:
 * './tr\uFFFD.otf2'"). The folder's listing still has the names' bytes (a listed {@link Path} keeps them),
 * so the trace's files, those named as the trace or {@code NAME.*}, are linked under ASCII names
 * {@code trace}, {@code trace.otf2}, {@code trace.def} or {@code trace.0.def}, {@code trace.1.events}...
 * in a private folder of this run, and the trace is read through {@code trace.otf2} or {@code trace.otf}
 * there, as the launcher does for such a trace given by its path; messages show the path with
 * {@code \xHH} for each byte that is not UTF-8 ({@link PathAliases}). The folder is removed as the JVM
 * exits, else by a later run once this process is gone ({@link TempFolders}).
 */
final class ByteNamedTrace {
    private ByteNamedTrace() {
    }

    /**
     * {@code located}, or the same trace through a folder of links when Java cannot name its file's own
     * name; {@code located} when the links cannot be made (the reader then says what it says).
     */
    static TraceFormat.Located nameable(TraceFormat.Located located) {
        Path file = located.file();
        Path name = file.getFileName();
        if (name == null || name.toString().indexOf('\uFFFD') < 0) {
            return located;
        }
        String ext = located.format() == TraceFormat.OTF2 ? ".otf2" : ".otf";
        Path folder = null;
        try {
            byte[] base = ArchiveLinks.nameBytes(file);
            byte[] dot = ext.getBytes(StandardCharsets.US_ASCII);
            if (base.length <= dot.length || !Arrays.equals(base, base.length - dot.length, base.length, dot, 0, dot.length)) {
                return located;
            }
            byte[] stem = Arrays.copyOf(base, base.length - dot.length);
            folder = TempFolders.create("igtrace-reader");
            Path remove = folder; // removed as the JVM exits, from before the first link is made
            Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(remove), "igtrace-trace-links"));
            ArchiveLinks.link(file.toAbsolutePath().getParent(), stem, folder);
            Path through = folder.resolve("trace" + ext);
            if (!Files.isSameFile(through, file)) {
                throw new IOException("the link does not lead to the trace");
            }
            String given = file.toString();
            String shown = given.substring(0, given.length() - name.toString().length()) + RawArguments.shown(stem);
            PathAliases.add(folder.resolve("trace").toString(), shown);
            return new TraceFormat.Located(located.format(), through);
        } catch (IOException | RuntimeException e) {
            if (folder != null) {
                delete(folder);
            }
            return located;
        }
    }

    /** Removes the links and their folder (never what they lead to). */
    private static void delete(Path folder) {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder)) {
            for (Path p : entries) {
                Files.deleteIfExists(p);
            }
            Files.deleteIfExists(folder);
        } catch (IOException e) {
            // a later run removes a folder of a process that is gone (TempFolders)
        }
    }
}
