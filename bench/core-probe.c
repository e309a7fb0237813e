/*
 * The speed of one CPU now: a fixed amount of work (10^8 dependent additions, about 30 ms on this
 * VM's cores at full speed), its wall time in seconds on standard output, after as much work untimed
 * (a vCPU woken from idle ran the first few milliseconds slower: 0.053 s, then 0.031 s). Run pinned
 * (taskset -c N core-probe). bench/jvm-rounds.sh runs it on every CPU before and after each
 * measured command: this VM's two vCPUs at times run at a third of their speed, one or the other,
 * for tens of seconds, which no load average shows (the guest sees no steal time) and which moves
 * a command's wall and CPU time alike.
 *
 *   gcc -O2 -o core-probe bench/core-probe.c
 */
#include <stdio.h>
#include <time.h>

static void work(void) {
    volatile unsigned long x = 0;
    for (unsigned long i = 0; i < 100000000UL; i++) {
        x += i;
    }
}

int main(void) {
    struct timespec a, b;
    work();
    clock_gettime(CLOCK_MONOTONIC, &a);
    work();
    clock_gettime(CLOCK_MONOTONIC, &b);
    printf("%.4f\n", (double) (b.tv_sec - a.tv_sec) + (double) (b.tv_nsec - a.tv_nsec) / 1e9);
    return 0;
}
