"""Definitions shared by the python3-otf2 generators here: N MPI ranks of one CPU thread each on one node, their
MPI_COMM_WORLD (locations and communicator). Import it from a generator in this folder (its folder is on sys.path)."""
from otf2.enums import GroupType, LocationGroupType, LocationType, Paradigm


def mpi_ranks(trace, ranks):
    """Defines `ranks` MPI ranks in `trace` (an otf2 writer): returns their locations (rank order) and MPI_COMM_WORLD."""
    d = trace.definitions
    node = d.system_tree_node("localhost")
    threads = []
    for rank in range(ranks):
        g = d.location_group("MPI Rank %d" % rank, location_group_type=LocationGroupType.PROCESS, system_tree_parent=node)
        threads.append(d.location("Master thread", type=LocationType.CPU_THREAD, group=g))
    d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=threads)
    world = d.comm("MPI_COMM_WORLD", group=d.group("world", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI,
                                                   members=list(range(ranks))))
    return threads, world
