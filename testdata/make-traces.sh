#!/usr/bin/env bash
# Traces the MPI programs in programs/ with EZTrace (module openmpi) on 4 and 8 ranks (halo3d,
# bcast and alltoall, the self-prediction runs of issue 34: 16 and 32 ranks, oversubscribed) and
# writes each OTF2 archive to otf2/<program>-<ranks>/ (anchor: eztrace_log.otf2). hybrid (MPI +
# OpenMP, 2 ranks of 2 threads) is built with eztrace_cc, whose OPARI2 instrumentation records the
# OpenMP constructs as regions, and traced with the openmp module too; so are serialized (3 ranks of 3
# threads, MPI_THREAD_SERIALIZED, the calls moving between threads) and multiple (2 ranks of 2 threads,
# MPI_THREAD_MULTIPLE, both threads of rank 0 waiting in MPI_Recv at once), whose truth.h prints each
# rank's time in MPI per thread, summed and as the union over its threads, measured with MPI_Wtime.
# Needs: sudo apt-get install eztrace openmpi-bin libopenmpi-dev
# Run from anywhere: bash testdata/make-traces.sh [PROGRAM...]   (default: all of them)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Open MPI inside a container: allow root, no RDMA one-sided component, more ranks than cores.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_osc=^rdma OMPI_MCA_rmaps_base_oversubscribe=1
# Waiting ranks yield the core instead of spinning, so a sleeping rank wakes on time (delays.c).
export OMPI_MCA_mpi_yield_when_idle=1
programs=("$@")
[ ${#programs[@]} -eq 0 ] && programs=(patterns pi jacobi quiet delays halo3d bcast alltoall hybrid tasks late-reduce requests sendmodes serialized multiple)
# idle OpenMP threads sleep instead of spinning on the 2 cores (serialized, multiple)
export OMP_WAIT_POLICY=PASSIVE

for program in "${programs[@]}"; do
  modules=openmpi
  args=()
  case "$program" in serialized) args=(3);; multiple) args=(0 10000);; esac
  if [ "$program" = hybrid ] || [ "$program" = tasks ] || [ "$program" = serialized ] || [ "$program" = multiple ]; then
    (cd "$work" && eztrace_cc mpicc -O1 -fopenmp -I"$here/programs" -o "$program" "$here/programs/$program.c" >/dev/null)
    modules="openmpi openmp"
  else
    mpicc -O1 -o "$work/$program" "$here/programs/$program.c" -lm
  fi
  ranks_list="4 8"; case "$program" in quiet|delays|late-reduce|requests|sendmodes) ranks_list=4;; halo3d|bcast|alltoall) ranks_list="16 32";; hybrid|tasks|multiple) ranks_list=2;; serialized) ranks_list=3;; esac
  for ranks in $ranks_list; do
    out="$here/otf2/$program-$ranks"
    rm -rf "$out"
    (cd "$work" && rm -rf "${program}_trace" && mpirun -np "$ranks" eztrace -t "$modules" "./$program" "${args[@]}" >/dev/null)
    mkdir -p "$out"
    cp -r "$work/${program}_trace/." "$out/"
    echo "wrote $out ($(otf2-print "$out/eztrace_log.otf2" 2>/dev/null | grep -c '^MPI_SEND \|^MPI_ISEND ') send events)"
  done
done
