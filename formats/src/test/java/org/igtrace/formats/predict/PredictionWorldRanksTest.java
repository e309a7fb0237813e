package org.igtrace.formats.predict;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.util.List;
import org.igtrace.core.efficiency.Efficiency;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.replay.ActivityRecorder;
import org.igtrace.core.replay.Prediction;
import org.igtrace.core.replay.RecordedRun;
import org.igtrace.core.replay.ReplayParameters;
import org.igtrace.core.trace.TraceDefinitions;
import org.junit.jupiter.api.Test;

/**
 * {@code predict}'s per-rank rows name the world ranks when {@code --skip-missing} analysed processes apart from them
 * (issue 41 item 6): three processes analysed, world ranks 0, 7 and 999,999, their rows (process numbers 0, 1, 2)
 * written as rank 0, 7 and 999999 in text, JSON and CSV. Before, as 0, 1 and 2.
 */
class PredictionWorldRanksTest {
    @Test
    void rowsNameWorldRanks() throws IOException {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        for (int p = 0; p < 3; p++) {
            b.addProcess("p" + p, null);
        }
        b.worldRanks(new int[] {0, 7, 999_999});
        RecordedRun run = new ActivityRecorder(b.build()).recorded();
        List<Prediction.ProcessPrediction> rows = List.of(new Prediction.ProcessPrediction(0, 1, 1, 0, 0, 1),
                new Prediction.ProcessPrediction(1, 2, 1, 1, 0, 2), new Prediction.ProcessPrediction(2, 3, 1, 2, 1, 3));
        Prediction p = new Prediction(3, 3, ReplayParameters.ideal(), rows, List.of());
        PredictionWriter w = new PredictionWriter("t.otf2", null, List.of(), null, List.of(p), run,
                Efficiency.of(new TraceProfile(List.of(), List.of(), 0, List.of()), 2.0));
        String text = write(w, PredictionWriter.Format.TEXT), json = write(w, PredictionWriter.Format.JSON),
                csv = write(w, PredictionWriter.Format.CSV);
        assertTrue(text.contains("\n     7 ") && text.contains("\n999999 "), text);
        assertTrue(json.contains("{\"rank\": 7, ") && json.contains("{\"rank\": 999999, "), json);
        assertTrue(csv.contains("\n7,2,1,1,0\n999999,3,1,2,1\n"), csv);
    }

    private static String write(PredictionWriter w, PredictionWriter.Format f) throws IOException {
        StringWriter s = new StringWriter();
        w.write(f, s);
        return s.toString();
    }
}
