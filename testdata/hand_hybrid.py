#!/usr/bin/python3
"""Generic writer (used by testdata/make-thread-self-message.py) of small hybrid OTF2 traces, clock in microseconds (timer resolution 1e6).
runs: list per rank of list per thread of events (time, kind, args...):
  enter/leave NAME    (NAME: MPI_* -> paradigm MPI; 'parallel', 'ibarrier', 'ebarrier', 'task', 'omp_*' -> OpenMP roles; else COMPILER)
  send/recv PEER TAG BYTES ; isend/irecvreq PEER TAG BYTES REQ ; irecv PEER TAG BYTES REQ ; isendc REQ
  cbegin ; cend OP ROOT SENT RECV   (OP: 'barrier','allreduce','bcast','reduce')
  off/on ; fork N ; join
thread_name(rank, t) -> str ; mpi_locs: per rank, which thread index is in MPI_COMM_WORLD's location list (default 0)
loc_order: optional list of (rank, t) in definition order.
"""
import otf2
from otf2.enums import GroupType, LocationGroupType, LocationType, MeasurementMode, Paradigm, RegionRole

OPS = {"barrier": otf2.CollectiveOp.BARRIER, "allreduce": otf2.CollectiveOp.ALLREDUCE,
       "bcast": otf2.CollectiveOp.BCAST, "reduce": otf2.CollectiveOp.REDUCE}


def region(d, cache, name):
    if name in cache:
        return cache[name]
    omp = Paradigm.OPENMP
    if name.startswith("MPI_"):
        role = {"MPI_Send": RegionRole.POINT2POINT, "MPI_Recv": RegionRole.POINT2POINT, "MPI_Isend": RegionRole.POINT2POINT,
                "MPI_Irecv": RegionRole.POINT2POINT, "MPI_Wait": RegionRole.POINT2POINT, "MPI_Waitall": RegionRole.POINT2POINT,
                "MPI_Barrier": RegionRole.BARRIER, "MPI_Allreduce": RegionRole.COLL_ALL2ALL,
                "MPI_Bcast": RegionRole.COLL_ONE2ALL, "MPI_Reduce": RegionRole.COLL_ALL2ONE}.get(name, RegionRole.FUNCTION)
        r = d.region(name, paradigm=Paradigm.MPI, region_role=role)
    elif name.startswith("parallel"):
        r = d.region("!$omp parallel @" + name, paradigm=omp, region_role=RegionRole.PARALLEL)
    elif name.startswith("ibarrier"):
        r = d.region("!$omp implicit barrier @" + name, paradigm=omp, region_role=RegionRole.IMPLICIT_BARRIER)
    elif name.startswith("ebarrier"):
        r = d.region("!$omp barrier @" + name, paradigm=omp, region_role=RegionRole.BARRIER)
    elif name.startswith("task"):
        r = d.region("!$omp task @" + name, paradigm=omp, region_role=RegionRole.TASK)
    elif name.startswith("taskwait"):
        r = d.region("!$omp taskwait @" + name, paradigm=omp, region_role=RegionRole.TASK_WAIT)
    elif name.startswith("omp_"):
        r = d.region(name, paradigm=omp, region_role=RegionRole.WRAPPER)
    else:
        r = d.region(name, paradigm=Paradigm.COMPILER, region_role=RegionRole.FUNCTION)
    cache[name] = r
    return r


def write(path, runs, thread_name=None, mpi_locs=None, loc_order=None, omp_team=True):
    thread_name = thread_name or (lambda r, t: "Master thread" if t == 0 else "Thread %d" % t)
    with otf2.writer.open(path, timer_resolution=1000000) as trace:
        d = trace.definitions
        node = d.system_tree_node("localhost")
        cache = {}
        groups = [d.location_group("MPI Rank %d" % r, location_group_type=LocationGroupType.PROCESS,
                                   system_tree_parent=node) for r in range(len(runs))]
        order = loc_order or [(r, t) for r in range(len(runs)) for t in range(len(runs[r]))]
        locs = {}
        for (r, t) in order:
            locs[(r, t)] = d.location(thread_name(r, t), type=LocationType.CPU_THREAD, group=groups[r])
        mpi_locs = mpi_locs or [0] * len(runs)
        masters = [locs[(r, mpi_locs[r])] for r in range(len(runs))]
        d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=masters)
        comm = d.comm("MPI_COMM_WORLD", group=d.group("world ranks", group_type=GroupType.COMM_GROUP,
                                                      paradigm=Paradigm.MPI, members=list(range(len(runs)))))
        everyone = [locs[k] for k in order]
        d.group("OpenMP threads", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.OPENMP, members=everyone)
        teams = {r: d.comm("thread team %d" % r, group=d.group("team %d" % r, group_type=GroupType.COMM_GROUP,
                 paradigm=Paradigm.OPENMP, members=[everyone.index(locs[(r, t)]) for t in range(len(runs[r]))]))
                 for r in range(len(runs))}
        for (r, t) in order:
            w = trace.event_writer_from_location(locs[(r, t)])
            for e in runs[r][t]:
                time, kind = e[0], e[1]
                if kind == "enter":
                    w(otf2.events.Enter(time, region(d, cache, e[2])))
                elif kind == "leave":
                    w(otf2.events.Leave(time, region(d, cache, e[2])))
                elif kind == "send":
                    w(otf2.events.MpiSend(time, e[2], comm, e[3], e[4]))
                elif kind == "recv":
                    w(otf2.events.MpiRecv(time, e[2], comm, e[3], e[4]))
                elif kind == "isend":
                    w(otf2.events.MpiIsend(time, e[2], comm, e[3], e[4], e[5]))
                elif kind == "isendc":
                    w(otf2.events.MpiIsendComplete(time, e[2]))
                elif kind == "irecvreq":
                    w(otf2.events.MpiIrecvRequest(time, e[2]))
                elif kind == "irecv":
                    w(otf2.events.MpiIrecv(time, e[2], comm, e[3], e[4], e[5]))
                elif kind == "cbegin":
                    w(otf2.events.MpiCollectiveBegin(time))
                elif kind == "cend":
                    w(otf2.events.MpiCollectiveEnd(time, OPS[e[2]], comm, e[3], e[4], e[5]))
                elif kind == "off":
                    w(otf2.events.MeasurementOnOff(time, MeasurementMode.OFF))
                elif kind == "on":
                    w(otf2.events.MeasurementOnOff(time, MeasurementMode.ON))
                elif kind == "fork":
                    w(otf2.events.ThreadFork(time, Paradigm.OPENMP, e[2]))
                elif kind == "join":
                    w(otf2.events.ThreadJoin(time, Paradigm.OPENMP))
                elif kind == "tbegin":
                    w(otf2.events.ThreadTeamBegin(time, teams[r]))
                elif kind == "tend":
                    w(otf2.events.ThreadTeamEnd(time, teams[r]))
                else:
                    raise ValueError(kind)


def call(name, a, b, *inner):
    """enter at a, inner events, leave at b"""
    return [(a, "enter", name)] + list(inner) + [(b, "leave", name)]
