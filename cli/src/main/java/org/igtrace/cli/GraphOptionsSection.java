package org.igtrace.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/**
 * {@code igtrace --help} also lists the options of the graph command, since {@code igtrace TRACE
 * ...} runs it: a help section after the command list.
 */
final class GraphOptionsSection {
    private static final String KEY = "graphOptions";

    private GraphOptionsSection() {
    }

    static void addTo(CommandLine top) {
        CommandLine graph = top.getSubcommands().get("graph");
        top.getHelpSectionMap().put(KEY, help -> {
            CommandLine.Help graphHelp = graph.getHelp();
            return String.format("%nOptions of igtrace graph (igtrace TRACE [OPTIONS]):%n") + graphHelp.parameterList()
                    + graphHelp.optionList();
        });
        List<String> keys = new ArrayList<>(top.getHelpSectionKeys());
        keys.add(keys.indexOf(CommandLine.Model.UsageMessageSpec.SECTION_KEY_COMMAND_LIST) + 1, KEY);
        top.setHelpSectionKeys(keys);
    }
}
