/*
 * make-otf1-trace: writes a synthetic VampirTrace-like OTF trace of a 1-D stencil for benchmarks:
 * RANKS processes, ITERATIONS iterations of {compute; MPI_Send + MPI_Recv to both neighbours;
 * every 10th an MPI_Allreduce}, compressed (.z) like VampirTrace writes by default.
 * Each iteration writes 12 records per rank (+4 for an Allreduce).
 *
 * usage: make-otf1-trace OUTPREFIX RANKS ITERATIONS [plain]
 * Build: gcc -O2 -o make-otf1-trace make-otf1-trace.c -I/usr/include/open-trace-format -lopen-trace-format
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <otf.h>

enum { WORLD = 1000000005, F_MAIN = 1, F_COMPUTE, F_SEND, F_RECV, F_ALLREDUCE, FG_APP = 1, FG_MPI = 2, CO_ALLREDUCE = 3 };

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: make-otf1-trace OUTPREFIX RANKS ITERATIONS [plain]\n");
        return 2;
    }
    uint32_t ranks = (uint32_t)atoi(argv[2]);
    long iterations = atol(argv[3]);
    int plain = argc > 4 && strcmp(argv[4], "plain") == 0;
    OTF_FileManager *manager = OTF_FileManager_open(ranks + 4);
    OTF_Writer *w = OTF_Writer_open(argv[1], 0, manager);
    if (!w) return 1;
    OTF_Writer_setCompression(w, plain ? OTF_FILECOMPRESSION_UNCOMPRESSED : OTF_FILECOMPRESSION_COMPRESSED);
    OTF_Writer_writeDefTimerResolution(w, 0, 1000000000);
    uint32_t *members = malloc(ranks * sizeof *members);
    for (uint32_t r = 0; r < ranks; r++) {
        char name[32];
        snprintf(name, sizeof name, "Process %u", r);
        OTF_Writer_writeDefProcess(w, 0, r + 1, name, 0);
        members[r] = r + 1;
    }
    OTF_Writer_writeDefProcessGroup(w, 0, WORLD, "MPI_COMM_WORLD", ranks, members);
    OTF_Writer_writeDefFunctionGroup(w, 0, FG_APP, "Application");
    OTF_Writer_writeDefFunctionGroup(w, 0, FG_MPI, "MPI");
    OTF_Writer_writeDefFunction(w, 0, F_MAIN, "main", FG_APP, 0);
    OTF_Writer_writeDefFunction(w, 0, F_COMPUTE, "compute", FG_APP, 0);
    OTF_Writer_writeDefFunction(w, 0, F_SEND, "MPI_Send", FG_MPI, 0);
    OTF_Writer_writeDefFunction(w, 0, F_RECV, "MPI_Recv", FG_MPI, 0);
    OTF_Writer_writeDefFunction(w, 0, F_ALLREDUCE, "MPI_Allreduce", FG_MPI, 0);
    OTF_Writer_writeDefCollectiveOperation(w, 0, CO_ALLREDUCE, "MPI_Allreduce", OTF_COLLECTIVE_TYPE_ALL2ALL);
    for (uint32_t r = 0; r < ranks; r++) {
        uint32_t p = r + 1, left = (r + ranks - 1) % ranks + 1, right = (r + 1) % ranks + 1;
        uint64_t t = 1000;
        OTF_Writer_writeEnter(w, t, F_MAIN, p, 0);
        for (long i = 0; i < iterations; i++) {
            OTF_Writer_writeEnter(w, t += 10, F_COMPUTE, p, 0);
            OTF_Writer_writeLeave(w, t += 5000 + (r * 7 + i) % 100, 0, p, 0);
            uint32_t neighbours[2] = {left, right};
            for (int n = 0; n < 2; n++) {
                OTF_Writer_writeEnter(w, t += 3, F_SEND, p, 0);
                OTF_Writer_writeSendMsg(w, t, p, neighbours[n], WORLD, (uint32_t)i & 0xff, 8192, 0);
                OTF_Writer_writeLeave(w, t += 200, 0, p, 0);
                OTF_Writer_writeEnter(w, t += 3, F_RECV, p, 0);
                OTF_Writer_writeRecvMsg(w, t += 300, p, neighbours[1 - n], WORLD, (uint32_t)i & 0xff, 8192, 0);
                OTF_Writer_writeLeave(w, t, 0, p, 0);
            }
            if (i % 10 == 9) {
                OTF_Writer_writeEnter(w, t += 3, F_ALLREDUCE, p, 0);
                OTF_Writer_writeBeginCollectiveOperation(w, t, p, CO_ALLREDUCE, (uint64_t)i, WORLD, 0, 8, 8, 0);
                OTF_Writer_writeEndCollectiveOperation(w, t += 900, p, (uint64_t)i);
                OTF_Writer_writeLeave(w, t, 0, p, 0);
            }
        }
        OTF_Writer_writeLeave(w, t += 10, 0, p, 0);
    }
    OTF_Writer_close(w);
    OTF_FileManager_close(manager);
    free(members);
    return 0;
}
