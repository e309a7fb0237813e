package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The report's spanning tree: drawn from top to bottom, its root at the top middle; where that picture is wider than the
 * page it opened scrolled to its left edge with the root out of sight (halo3d-32: 1,852 points in a 900-point page), so
 * such a tree is drawn from left to right, its root at the left, when that picture is the narrower one.
 */
class ReportTreeDirectionTest {
    /** A star of {@code leaves} leaves around vertex 0: top to bottom, a row of the leaves under it. */
    private static String star(int leaves) {
        StringBuilder b = new StringBuilder("graph t {\n");
        for (int i = 1; i <= leaves; i++) {
            b.append("  n0 -- n").append(i).append(";\n");
        }
        return b.append("}\n").toString();
    }

    @Test
    void aWideTreeIsDrawnLeftToRight() {
        String down = star(30);
        String drawn = ReportCommand.dot(down);
        // Graphviz's default node is 0.75 in (54 points) wide, 0.5 in (36 points) tall, with nodesep 0.25 in (18 points)
        // between them: 30 leaves in a row are at least 30 * 54 + 29 * 18 = 2,142 points wide, in a column 30 * 36 = 1,080
        // points tall and one root and one leaf wide
        assertTrue(ReportCommand.svgWidthPoints(drawn) < 2 * 54 + 100, drawn.substring(0, 300));
        assertTrue(drawn.contains("<svg"), drawn);
    }

    @Test
    void aNarrowTreeStaysTopToBottom() {
        // 3 leaves in a row: 3 * 54 + 2 * 18 = 198 points and more, under the page's 900: the root over them
        String drawn = ReportCommand.dot(star(3));
        double width = ReportCommand.svgWidthPoints(drawn);
        assertTrue(width >= 198 && width <= ReportCommand.PAGE_POINTS, drawn.substring(0, 300));
        assertEquals(0, ReportCommand.svgWidthPoints("<svg height=\"3pt\">"));
    }
}
