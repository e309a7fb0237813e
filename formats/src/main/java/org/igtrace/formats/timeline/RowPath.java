package org.igtrace.formats.timeline;

/**
 * A line through the timeline's rows, drawn over them (the report's critical path): step {@code i} is a stretch of
 * {@code rank(i)}'s row from {@code from(i)} to {@code to(i)}, seconds from the start of the run as the timeline's own;
 * the steps in time order, each starting where the one before ended (a jump from row to row is drawn vertical).
 */
public interface RowPath {
    int size();

    int rank(int i);

    double from(int i);

    double to(int i);
}
