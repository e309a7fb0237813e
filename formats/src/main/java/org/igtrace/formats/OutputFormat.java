package org.igtrace.formats;

/** The output formats, by their command-line names. */
public enum OutputFormat {
    GRAPHML(new GraphMlWriter()),
    DOT(new DotWriter());

    private final GraphWriter writer;

    OutputFormat(GraphWriter writer) {
        this.writer = writer;
    }

    public GraphWriter writer() {
        return writer;
    }
}
