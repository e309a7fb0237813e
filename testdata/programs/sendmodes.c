/* p2p2.c - 4 ranks, phases separated by barriers; waits computable by hand.
 * A 0 Ssend 1000 B -> 1 (tag 1); rank 1 computes 20 ms first: late receiver ~20 ms on rank 0
 * B 2 Send 1 MiB -> 3 (tag 2, rendezvous); rank 3 computes 15 ms first: late receiver ~15 ms on rank 2
 * C 1 Bsend 500 B -> 2 (tag 3); rank 2 computes 10 ms first: no late receiver (Bsend returns at once)
 * D 0 -> 3 three zero-byte messages (tag 4): the pair {0,3} carries 3 messages, 0 bytes
 * E 1 Recv(ANY_SOURCE, ANY_TAG); rank 2 computes 12 ms then Sends 8 B (tag 5): late sender ~12 ms on rank 1
 * F 3 Rsend 64 B -> 0 (tag 6) after 0 posted Irecv + barrier; 0 computes 5 ms then Waits
 * Per pair: {0,1} 1 msg 1000 B; {2,3} 1 msg 1048576 B; {1,2} 2 msgs 508 B; {0,3} 4 msgs 64 B (3 x 0 + 64)
 */
#include <mpi.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <stdio.h>
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+t.tv_nsec*1e-9;}
static volatile double sink;
static void busy(double ms){double e=now()+ms*1e-3,x=0;while(now()<e)x+=1e-9;sink=x;}
int main(int argc,char**argv){
  MPI_Init(&argc,&argv);
  int r; MPI_Comm_rank(MPI_COMM_WORLD,&r);
  static char big[1<<20], b[1000]; memset(b,r,sizeof b); MPI_Status st; MPI_Request rq;
  { double t=now(); MPI_Barrier(MPI_COMM_WORLD); printf("clock rank %d %.9f\n", r, t); fflush(stdout);} MPI_Barrier(MPI_COMM_WORLD);
  if(r==0) MPI_Ssend(b,1000,MPI_BYTE,1,1,MPI_COMM_WORLD);
  if(r==1){ busy(20); MPI_Recv(b,1000,MPI_BYTE,0,1,MPI_COMM_WORLD,&st);}
  MPI_Barrier(MPI_COMM_WORLD);
  if(r==2) MPI_Send(big,1<<20,MPI_BYTE,3,2,MPI_COMM_WORLD);
  if(r==3){ busy(15); MPI_Recv(big,1<<20,MPI_BYTE,2,2,MPI_COMM_WORLD,&st);}
  MPI_Barrier(MPI_COMM_WORLD);
  if(r==1){ int sz=500+MPI_BSEND_OVERHEAD; void*p=malloc(sz); MPI_Buffer_attach(p,sz);
    MPI_Bsend(b,500,MPI_BYTE,2,3,MPI_COMM_WORLD); MPI_Buffer_detach(&p,&sz); free(p);}
  if(r==2){ busy(10); MPI_Recv(b,500,MPI_BYTE,1,3,MPI_COMM_WORLD,&st);}
  MPI_Barrier(MPI_COMM_WORLD);
  if(r==0) for(int k=0;k<3;k++) MPI_Send(b,0,MPI_BYTE,3,4,MPI_COMM_WORLD);
  if(r==3) for(int k=0;k<3;k++) MPI_Recv(b,0,MPI_BYTE,0,4,MPI_COMM_WORLD,&st);
  MPI_Barrier(MPI_COMM_WORLD);
  if(r==1) MPI_Recv(b,1000,MPI_BYTE,MPI_ANY_SOURCE,MPI_ANY_TAG,MPI_COMM_WORLD,&st);
  if(r==2){ busy(12); MPI_Send(b,8,MPI_BYTE,1,5,MPI_COMM_WORLD);}
  MPI_Barrier(MPI_COMM_WORLD);
  if(r==0) MPI_Irecv(b,64,MPI_BYTE,3,6,MPI_COMM_WORLD,&rq);
  MPI_Barrier(MPI_COMM_WORLD);
  if(r==3) MPI_Rsend(b,64,MPI_BYTE,0,6,MPI_COMM_WORLD);
  if(r==0){ busy(5); MPI_Wait(&rq,&st);}
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize(); return 0;
}
