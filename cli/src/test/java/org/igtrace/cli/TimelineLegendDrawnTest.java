package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every compute and MPI swatch of the timeline's legend is a colour the picture draws (a review looked at the PNG,
 * 2026-12-07): under the default measured span, states before MPI_Init's end and after MPI_Finalize's start are not drawn,
 * but their classes still earned legend entries: scorep-mpi-tags-10 listed five compute colours drawn nowhere (Score-P's
 * static initialisers, "compute (no user region)"), the OTF synth traces "MPI other". Waiting swatches are a call's colour
 * darkened (drawn as an overlay), so only the state swatches are checked here.
 */
@Tag("slow")
class TimelineLegendDrawnTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();
    private static final Pattern SWATCH = Pattern.compile("<rect [^>]*fill=\"(#[0-9a-f]{6})\"/><text [^>]*>((compute|MPI)[^<]*)</text>");
    private static final Pattern STATE = Pattern.compile("<rect class=\"state [^\"]*\"[^>]*fill=\"(#[0-9a-f]{6})");
    /** A row drawn as pixel shares: a path per class, its colour the style's. */
    private static final Pattern SHARE = Pattern.compile("class=\"share (s\\d+)\" d=\"M");
    private static final Pattern STYLE = Pattern.compile("\\.(s\\d+)\\{fill:(#[0-9a-f]{6})\\}");

    @ParameterizedTest
    // scorep-xeonphi-jacobi-1's rows are drawn as shares: its 100 MPI_Allreduce calls, 0.74 ms of 14 s, are less than a
    // pixel, and the legend listed "MPI collective"
    @ValueSource(strings = {"otf2/scorep-mpi-tags-10", "otf1/synth-plain", "otf1/synth-idle", "otf1/vt-jacobi-cpu/jacobi_mpi+cuda.otf",
        "otf2/delays-4", "otf2/scorep-xeonphi-jacobi-1"})
    void everyStateSwatchIsDrawn(String trace) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), "timeline", TESTDATA.resolve(trace).toString(), "-q");
        assertEquals(0, code, err.toString());
        String svg = out.toString();
        int at = svg.indexOf("<g class=\"legend\">");
        assertTrue(at > 0, svg);
        String legend = svg.substring(at, svg.indexOf("</g>", at));
        Set<String> drawn = new HashSet<>();
        Matcher st = STATE.matcher(svg.substring(0, at));
        while (st.find()) {
            drawn.add(st.group(1));
        }
        java.util.Map<String, String> colour = new java.util.HashMap<>();
        for (Matcher m = STYLE.matcher(svg); m.find(); ) {
            colour.put(m.group(1), m.group(2));
        }
        for (Matcher m = SHARE.matcher(svg.substring(0, at)); m.find(); ) {
            drawn.add(colour.get(m.group(1)));
        }
        Matcher sw = SWATCH.matcher(legend);
        int swatches = 0;
        while (sw.find()) {
            swatches++;
            assertTrue(drawn.contains(sw.group(1)), trace + ": the legend's \"" + sw.group(2) + "\" (" + sw.group(1) + ") is drawn nowhere");
        }
        assertTrue(swatches >= 2, legend);
    }
}
