package org.igtrace.formats.predict;

import java.util.List;

/** {@code predict --sweep NAME=V1,V2,...}: the parameter, its values as given and as numbers. */
public record Sweep(String parameter, List<String> labels, double[] values) {
}
