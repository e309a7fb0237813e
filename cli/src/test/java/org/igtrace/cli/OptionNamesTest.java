package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.igtrace.core.diagnostic.Remedy;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Each remedy core and the readers advise is named by an option that a command of igtrace has (issue 35). */
class OptionNamesTest {
    @Test
    void everyRemedyIsAnOptionOfSomeCommand() throws Exception {
        for (Remedy r : Remedy.values()) {
            String option = OptionNames.option(r);
            boolean found = false;
            for (Map.Entry<String, Class<?>> c : IgtraceCommand.SUBCOMMANDS.entrySet()) {
                if (c.getKey().equals("help")) {
                    continue;
                }
                found |= new CommandLine(c.getValue()).getCommandSpec().findOption(option) != null;
            }
            assertTrue(found, option + " is an option of some command");
        }
    }

    @Test
    void theCommandLineNamesTheRemediesByTheirOptions() {
        IgtraceCommand.SUBCOMMANDS.size(); // the command line installs its names
        assertEquals("--skip-missing", Remedy.SKIP_MISSING.named());
        assertEquals("--temp-dir", Remedy.TEMP_DIR.named());
    }
}
