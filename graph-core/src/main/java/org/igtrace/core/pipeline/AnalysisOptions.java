package org.igtrace.core.pipeline;

/**
 * What is computed from a trace's events (reading settings are the reader's).
 *
 * @param modelCollectives whether collectives add modelled pairwise traffic ({@code --collectives})
 * @param waits            what wait-state analysis (definitions section 8) runs
 */
public record AnalysisOptions(boolean modelCollectives, WaitMode waits) {
    /** The profile alone, without modelled collective traffic. */
    public static final AnalysisOptions PROFILE = new AnalysisOptions(false, WaitMode.OFF);

    public AnalysisOptions {
        waits = waits == null ? WaitMode.OFF : waits;
    }

    /** The profile alone. */
    public static AnalysisOptions profile(boolean modelCollectives) {
        return new AnalysisOptions(modelCollectives, WaitMode.OFF);
    }
}
