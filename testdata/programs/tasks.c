/*
 * tasks.c: OpenMP tasks run where a thread would otherwise wait (traced by make-traces.sh as
 * hybrid.c is: eztrace_cc, EZTrace's openmpi and openmp modules). 2 ranks of 2 threads,
 * ITERATIONS times:
 *
 *   a parallel region of 2 threads: one thread (omp single) creates two tasks that each sleep
 *     TASK_MS (5 ms) and waits for them (omp taskwait); the other thread waits at the single's
 *     implicit barrier. Each thread runs one of the tasks: the creator inside its task wait, the
 *     other inside the barrier (EZTrace records an "OpenMP Task run" region inside the
 *     "OpenMP Task wait" or "OpenMP implicit barrier" one);
 *   both ranks meet in MPI_Barrier.
 *
 * The tasks are work: each rank's two threads are useful at least 2 x 3 x 5 = 30 ms in all; the
 * time of a task run inside a barrier or a task wait is neither waiting nor the runtime's.
 */
#include <mpi.h>
#include <omp.h>
#include <time.h>

#define ITERATIONS 3
#define TASK_MS 5.0

/* Sleeps ms milliseconds (the task's "work": known length, no core taken). */
static void work(double ms) {
    struct timespec t = {(time_t) (ms / 1000), (long) ((ms - 1000 * (long) (ms / 1000)) * 1e6)};
    while (nanosleep(&t, &t) != 0) {
    }
}

int main(int argc, char **argv) {
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Barrier(MPI_COMM_WORLD);
    for (int i = 0; i < ITERATIONS; i++) {
#pragma omp parallel num_threads(2)
        {
#pragma omp single
            {
#pragma omp task
                work(TASK_MS);
#pragma omp task
                work(TASK_MS);
#pragma omp taskwait
            }
        }
        MPI_Barrier(MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
