package org.igtrace.formats;

/** The output formats, by their command-line names. */
public enum OutputFormat {
    GRAPHML(new GraphMlWriter()),
    DOT(new DotWriter()),
    SCOTCH(new ScotchWriter()),
    METIS(new MetisWriter()),
    MATRIX(new MatrixWriter()),
    MTX(new MatrixMarketWriter()),
    CSV(new CsvWriter());

    /** How the integer formats (scotch, metis, matrix) turn weights into whole numbers. */
    public static final String INTEGER_RULE = IntegerWeights.RULE;

    private final GraphWriter writer;

    OutputFormat(GraphWriter writer) {
        this.writer = writer;
    }

    public GraphWriter writer() {
        return writer;
    }

    /** Whether the format holds a topology too (the others are for the information graph only). */
    public boolean writesTopologies() {
        return this == GRAPHML || this == DOT || this == CSV;
    }
}
