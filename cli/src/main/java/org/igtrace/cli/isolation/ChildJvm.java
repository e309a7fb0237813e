package org.igtrace.cli.isolation;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The command line of the child JVM that runs igtrace for {@link ReaderSupervisor}: this JVM's
 * java and class path, no crash file and no core dump, the {@code igtrace.*} and {@code jna.*}
 * system properties and {@code IGTRACE_JAVA_OPTS} passed on, and class-data sharing when the
 * launcher names an archive ({@code -Digtrace.cds.reader=FILE}): used if it exists, otherwise
 * written by this child and kept if the child succeeds.
 */
final class ChildJvm {
    static final String ARCHIVE_PROPERTY = "igtrace.cds.reader";

    private final List<String> command;
    private final Path archive;
    private final Path archiveBeingWritten;

    private ChildJvm(List<String> command, Path archive, Path archiveBeingWritten) {
        this.command = command;
        this.archive = archive;
        this.archiveBeingWritten = archiveBeingWritten;
    }

    static ChildJvm forCommand(String[] args, Path status, Path scratch) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-XX:+SuppressFatalErrorMessage");
        command.add("-XX:-CreateCoredumpOnCrash");
        command.add("-XX:ErrorFile=" + scratch.resolve("hs_err_%p.log"));
        command.add("-XX:+UseSerialGC");
        command.add("-XX:-UsePerfData");
        Path archive = null;
        Path writing = null;
        String named = System.getProperty(ARCHIVE_PROPERTY);
        if (named != null) {
            archive = Path.of(named);
            command.add("-Xlog:cds*=off");
            if (Files.isRegularFile(archive)) {
                command.add("-XX:SharedArchiveFile=" + archive);
            } else {
                writing = archive.resolveSibling(archive.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
                command.add("-XX:ArchiveClassesAtExit=" + writing);
            }
        }
        String userOptions = System.getenv("IGTRACE_JAVA_OPTS");
        if (userOptions != null && !userOptions.isBlank()) {
            command.addAll(List.of(userOptions.strip().split("\\s+")));
        }
        for (Map.Entry<Object, Object> p : System.getProperties().entrySet()) {
            String key = p.getKey().toString();
            if ((key.startsWith("igtrace.") || key.startsWith("jna.")) && !key.equals("igtrace.isolate")
                    && !key.equals(SupervisedChild.STATUS_PROPERTY)) {
                command.add("-D" + key + "=" + p.getValue());
            }
        }
        command.add("-Digtrace.isolate=false");
        command.add("-D" + SupervisedChild.STATUS_PROPERTY + "=" + status);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add("org.igtrace.cli.Main");
        command.addAll(List.of(args));
        return new ChildJvm(command, archive, writing);
    }

    List<String> command() {
        return command;
    }

    /** After the child: puts the archive it wrote in place if it succeeded, otherwise drops it. */
    void keepArchive(boolean succeeded) {
        if (archiveBeingWritten == null) {
            return;
        }
        try {
            if (succeeded && Files.isRegularFile(archiveBeingWritten)) {
                Files.move(archiveBeingWritten, archive, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } else {
                Files.deleteIfExists(archiveBeingWritten);
            }
        } catch (IOException e) {
            // no archive: the next run starts a little slower and tries again
        }
    }
}
