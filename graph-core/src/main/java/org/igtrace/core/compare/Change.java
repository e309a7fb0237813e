package org.igtrace.core.compare;

/**
 * One number in run A and in run B.
 *
 * @param a the number in A (0 when A does not have it)
 * @param b the number in B (0 when B does not have it)
 */
public record Change(double a, double b) {
    /** {@code b - a}: positive when B has more. */
    public double delta() {
        return b - a;
    }
}
