package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.igtrace.cli.docs.ReleaseDocs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The release's bash completion, run by bash as its completion would be ({@code COMP_WORDS}, {@code COMP_CWORD}, then
 * the function {@code complete -F} names): after {@code igtrace TRACE}, the short form of the graph command (README's
 * first), the graph command's options and values are offered; picocli's script offered the command names
 * ({@code igtrace t.otf2 --format <TAB>}) or nothing ({@code --for<TAB>}).
 */
class ShellCompletionTest {
    @TempDir
    Path dir;

    /** The words offered after {@code words}, the last the one being completed, one line per case. */
    private List<String> offered(String... cases) throws Exception {
        Path script = dir.resolve("igtrace-completion.bash");
        Files.writeString(script, ReleaseDocs.completion(IgtraceCommand.commandLine()), StandardCharsets.UTF_8);
        StringBuilder run = new StringBuilder("source '" + script + "'\n"
                + "t() { COMP_WORDS=(\"$@\"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMP_LINE=\"$*\"; COMPREPLY=(); "
                + "_complete_igtrace 2>/dev/null; echo \"${COMPREPLY[*]}\"; }\n");
        for (String c : cases) {
            run.append("t ").append(c).append('\n');
        }
        Process p = new ProcessBuilder("bash", "-c", run.toString()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue());
        return out.lines().toList();
    }

    @Test
    void theShortFormCompletesTheGraphCommandsOptions() throws Exception {
        List<String> got = offered("igtrace run/traces.otf2 --format ''", "igtrace run/traces.otf2 --for", "igtrace run/ -j 2 --graph ''",
                "igtrace ''", "igtrace --help ''", "igtrace stats run/ --format ''", "igtrace gr");
        assertEquals(List.of("graphml dot scotch metis matrix mtx csv", "--format", "full tree",
                "graph stats info timeline report predict map why diff help", "graph stats info timeline report predict map why diff help",
                "text json csv", "graph"), got);
    }
}
