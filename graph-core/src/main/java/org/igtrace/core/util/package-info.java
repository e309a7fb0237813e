/**
 * Plain building blocks with no knowledge of traces: primitive hash tables ({@link PairTable},
 * {@link PairCounters}, {@link PairLongs}, {@link LongIntMap}), a stable sort of indexes without boxing
 * ({@link IndexSort}), the growing of rings of parallel arrays ({@link Rings}), the block store records
 * are kept in ({@link RecordBlocks}, {@link MemoryRecordBlocks}; otf-reader adds the spilling one) and the
 * streams over it ({@link BlockStream}, {@link BlockStreamReader}), threads waited for in a way the heap
 * running out cannot hang ({@link Workers}, {@link Background}), and number wording ({@link Labels},
 * {@link Numbers}). The lowest
 * level of graph-core.
 *
 * <p>Level: the bottom; it must not import any other igtrace package (checked by PackageLayersTest).
 */
package org.igtrace.core.util;
