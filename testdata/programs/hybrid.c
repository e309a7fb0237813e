/*
 * hybrid.c: an MPI + OpenMP run whose OpenMP waiting is known from its sleeps (traced by
 * make-traces.sh with EZTrace's openmpi and openmp modules, built with eztrace_cc for the
 * OpenMP constructs' regions). 2 ranks of 2 threads, ITERATIONS times:
 *
 *   a parallel region of 2 threads:
 *     an omp for of two chunks, thread t sleeping FOR_MS[rank][t]: rank 0 10 and 30 ms, so its
 *       thread 0 waits 20 ms in the loop's implicit barrier; rank 1 20 and 20 ms, no wait;
 *     the master calls MPI_Sendrecv with the other rank (rank 1 arrives 10 ms before rank 0)
 *       while thread 1 waits for it in an explicit omp barrier;
 *     thread t sleeps AFTER_MS[rank][t]: rank 0 15 and 5 ms, so its thread 1 waits 10 ms in the
 *       region's implicit barrier; rank 1 10 and 10 ms;
 *   rank 0 computes SERIAL_MS (30 ms) alone, its thread 1 idle, then both ranks meet in
 *   MPI_Barrier (rank 1 waits there for rank 0).
 *
 * Over the run: rank 0's thread 0 waits about 3 x 20 = 60 ms in implicit barriers, its thread 1
 * about 3 x 10 = 30 ms; rank 1's thread 1 about 3 x 10 = 30 ms in the explicit barrier.
 */
#include <mpi.h>
#include <omp.h>
#include <time.h>

#define ITERATIONS 3
#define SERIAL_MS 30.0

static const double FOR_MS[2][2] = {{10, 30}, {20, 20}};
static const double AFTER_MS[2][2] = {{15, 5}, {10, 10}};

/* Sleeps ms milliseconds (the thread's "work": known length, no core taken). */
static void work(double ms) {
    struct timespec t = {(time_t) (ms / 1000), (long) ((ms - 1000 * (long) (ms / 1000)) * 1e6)};
    while (nanosleep(&t, &t) != 0) {
    }
}

int main(int argc, char **argv) {
    int provided, rank, size;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size != 2) {
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    int other = 1 - rank, sent = rank, received = -1;
    MPI_Barrier(MPI_COMM_WORLD);
    for (int i = 0; i < ITERATIONS; i++) {
#pragma omp parallel num_threads(2)
        {
#pragma omp for schedule(static)
            for (int chunk = 0; chunk < 2; chunk++) {
                work(FOR_MS[rank][chunk]);
            }
#pragma omp master
            MPI_Sendrecv(&sent, 1, MPI_INT, other, 0, &received, 1, MPI_INT, other, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#pragma omp barrier
            work(AFTER_MS[rank][omp_get_thread_num()]);
        }
        if (rank == 0) {
            work(SERIAL_MS);
        }
        MPI_Barrier(MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
