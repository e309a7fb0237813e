package org.igtrace.cli;

import java.util.List;

/** {@code predict --sweep NAME=V1,V2,...}: the parameter, its values as given and as numbers. */
record Sweep(String parameter, List<String> labels, double[] values) {
}
