package org.igtrace.core.graph;

/** How tree edges are re-weighted after the non-tree edges are removed (definitions section 6). */
public enum Recalculation {
    /** Every removed edge adds its weight to each tree edge on the tree path between its ends. */
    PATH,
    /** The paper's formula 4: {@code max(S_a(e), S_b(e))}. */
    PAPER,
    /** Tree edges keep their own weight. */
    NONE;

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
