package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code scripts/setup --test} settles: once what the suite needs is there (CI ran it before this
 * test), a further run prints nothing and exits 0 at once, also for a user without root or sudo.
 * Before, Debian's virtual package {@code simgrid} never showed as installed, so every run tried
 * {@code apt-get} and a user without root got exit 1.
 */
@Tag("slow")
class SetupScriptTest {
    private static final Path REPO = Path.of(System.getProperty("testdata.dir", "../testdata"))
            .toAbsolutePath().getParent();

    @Test
    void secondRunPrintsNothingAndNeedsNoRoot() throws Exception {
        Path setup = REPO.resolve("scripts/setup");
        List<String> command = new ArrayList<>();
        boolean root = "0".equals(run(List.of("id", "-u")).output.strip());
        if (root) {
            assumeTrue(Files.isExecutable(Path.of("/usr/bin/setpriv")), "setpriv (util-linux) drops root");
            // nobody: no root, no sudo rights
            command.addAll(List.of("/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"));
        }
        command.addAll(List.of("bash", setup.toString(), "--test"));
        Result result = run(command);
        assertEquals("", result.output, "a settled setup says nothing");
        assertEquals(0, result.exit);
    }

    private record Result(int exit, String output) {}

    private static Result run(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .directory(Path.of("/").toFile()).start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Result(process.waitFor(), output);
    }
}
